import AudioSessionContract
import Testing

/// Calls checked against the contract's table before their arguments are read.
@Suite("Call checks")
struct CallCheckTests {
    @Test("every contract method accepts exactly its own signature")
    func fits() throws {
        for method in AgentContract.methods {
            try AgentContract.check(method: method.name, signature: method.inputSignature)
        }
    }

    @Test("wrong arguments are InvalidArgs saying what the method takes")
    func wrongArguments() throws {
        let error = #expect(throws: CallMismatch.self) { try AgentContract.check(method: "Deactivate", signature: "s") }
        #expect(error?.busErrorName.rawValue == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(error.map { "\($0)" } == "Deactivate takes (s session, b notify_others), not (s)")
        let empty = #expect(throws: CallMismatch.self) { try AgentContract.check(method: "RegisterSession", signature: "") }
        #expect(empty.map { "\($0)" } == "RegisterSession takes (a{sv} properties), not ()")
    }

    @Test("an unknown method is UnknownMethod listing the interface's methods")
    func unknownMethod() throws {
        let error = #expect(throws: CallMismatch.self) { try AgentContract.check(method: "Activte", signature: "s") }
        #expect(error?.busErrorName.rawValue == "org.freedesktop.DBus.Error.UnknownMethod")
        let message = error.map { "\($0)" } ?? ""
        #expect(message.hasPrefix("org.audiosession.Agent1 has no method Activte; it has RegisterSession, RegisterSessionWithSecret, UnregisterSession, "))
        #expect(message.contains("Activate"))
    }
}
