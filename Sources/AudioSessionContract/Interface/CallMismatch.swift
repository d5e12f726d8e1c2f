/// A method call that does not fit the interface: no such method, or arguments of the wrong types.
///
/// The agent's bus service checks every incoming call with
/// ``AgentContract/check(method:signature:)`` before reading its arguments, and replies with
/// ``busErrorName`` and ``description``, which says what the method takes.
///
/// ```swift
/// do { try AgentContract.check(method: "Deactivate", signature: "s") } catch {
///     print(error)  // Deactivate takes (s session, b notify_others), not (s)
/// }
/// ```
public struct CallMismatch: Error, Hashable, Sendable, CustomStringConvertible {
    enum Code: Hashable, Sendable {
        case unknownMethod(String, interface: String, known: [String])
        case wrongArguments(ContractMethod, received: String)
        /// In the table, but ``AgentCall`` cannot read it: a build whose contract tests fail.
        case unread(String, interface: String)
    }

    let code: Code

    init(_ code: Code) { self.code = code }

    /// `UnknownMethod` or `InvalidArgs`; `Failed` for a method this build does not read.
    public var busErrorName: AgentErrorName {
        switch code {
        case .unknownMethod: .unknownMethod
        case .wrongArguments: .invalidArguments
        case .unread: .failed
        }
    }

    /// What was called and what the interface has instead.
    public var description: String {
        switch code {
        case .unknownMethod(let name, let interface, let known):
            return "\(interface) has no method \(UntrustedText.excerpt(name)); it has \(known.joined(separator: ", "))"
        case .wrongArguments(let method, let received):
            let takes = method.inputs.map(\.description).joined(separator: ", ")
            return "\(method.name) takes (\(takes)), not (\(UntrustedText.excerpt(received)))"
        case .unread(let name, let interface):
            return "\(interface).\(name) is in the contract but this build does not read it"
        }
    }
}
