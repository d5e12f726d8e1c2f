import AudioSessionBus

/// One method of the contract, with the arguments it takes and returns.
///
/// ```swift
/// let deactivate = AgentContract.method(named: "Deactivate")
/// deactivate?.inputSignature   // "sb"
/// ```
public struct ContractMethod: Hashable, Sendable {
    /// The member name.
    public var name: String
    /// What it takes, in order.
    public var inputs: [ContractArgument]
    /// What it returns, in order.
    public var outputs: [ContractArgument]

    /// A method called `name`.
    public init(_ name: String, in inputs: [ContractArgument] = [], out outputs: [ContractArgument] = []) {
        self.name = name
        self.inputs = inputs
        self.outputs = outputs
    }

    /// The signature of a call's body: `sb`.
    public var inputSignature: String { BusSignature(inputs.map(\.type)).rawValue }
    /// The signature of the reply's body.
    public var outputSignature: String { BusSignature(outputs.map(\.type)).rawValue }
}
