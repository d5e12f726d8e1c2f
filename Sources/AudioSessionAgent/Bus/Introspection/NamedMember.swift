/// Interface members, which ``InterfaceDescription/differences(from:)`` pairs up by name.
protocol NamedMember {
    var name: String { get }
}

extension MethodDescription: NamedMember {}
extension SignalDescription: NamedMember {}
extension PropertyDescription: NamedMember {}
