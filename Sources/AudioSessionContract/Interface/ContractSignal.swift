import AudioSessionBus

/// One signal of the contract, with its arguments.
///
/// ```swift
/// AgentContract.signal(named: "InterruptionEnded")?.signature   // "sb"
/// ```
public struct ContractSignal: Hashable, Sendable {
    /// The member name.
    public var name: String
    /// Its arguments, in order.
    public var arguments: [ContractArgument]

    /// A signal called `name`.
    public init(_ name: String, _ arguments: [ContractArgument] = []) {
        self.name = name
        self.arguments = arguments
    }

    /// The signature of the signal's body.
    public var signature: String { BusSignature(arguments.map(\.type)).rawValue }
}
