extension InterfaceDescription {
    /// Checks that a call to `method` with a body of `signature` fits this interface, before its
    /// arguments are read.
    ///
    /// ```swift
    /// try AgentInterface.contract().check(method: "Activate", signature: "s")   // fine
    /// try AgentInterface.contract().check(method: "Activate", signature: "u")   // throws InvalidArgs
    /// ```
    public func check(method name: String, signature: String) throws(CallMismatch) {
        guard let method = method(named: name) else {
            throw CallMismatch(.unknownMethod(name, interface: self.name, known: methods.map(\.name)))
        }
        guard method.inputSignature == signature else {
            throw CallMismatch(.wrongArguments(method, received: signature))
        }
    }
}
