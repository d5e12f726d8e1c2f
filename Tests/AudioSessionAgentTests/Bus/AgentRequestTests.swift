@testable import AudioSessionAgent
import AudioPolicy
import AudioSessionBus
import AudioSessionContract
import Testing

/// Calls read into typed requests, in the one place the agent reads arguments.
@Suite("Agent requests from call arguments")
struct AgentRequestTests {
    @Test("every method the contract has is served, and its valid call reads into its request")
    func everyMethod() throws {
        #expect(Set(AgentRequest.methods) == Set(AgentContract.methods.map(\.name)))
        for call in ValidAgentCalls.all {
            _ = try AgentRequest(method: call.method, arguments: call.arguments)
        }
        let configure = try AgentRequest(
            method: "SetConfiguration", arguments: ValidAgentCalls.all.first { $0.method == "SetConfiguration" }?.arguments ?? [])
        #expect(configure == .setConfiguration("1", category: "playback", mode: "voice-prompt", options: ["duck-others"]))
        let register = try AgentRequest(
            method: "RegisterSession",
            arguments: [.dictionary(key: .string, value: .variant, [.string("application-id"): .variant(.string("org.example.Maps"))])])
        #expect(register == .registerSession(SessionProperties(applicationID: "org.example.Maps")))
    }

    @Test("a call that does not fit the contract is refused before its arguments are read")
    func mismatch() {
        let wrong = #expect(throws: BusError.self) {
            try AgentRequest(method: "Deactivate", arguments: [.string("1")])
        }
        #expect(wrong?.name.rawValue == AgentErrorName.invalidArguments.rawValue)
        #expect(wrong?.message == "Deactivate takes (s session, b notify_others), not (s)")
        let unknown = #expect(throws: BusError.self) { try AgentRequest(method: "Activte", arguments: []) }
        #expect(unknown?.name.rawValue == AgentErrorName.unknownMethod.rawValue)
    }

    @Test("a property RegisterSession cannot take is refused with what it accepts")
    func properties() {
        let control = #expect(throws: BusError.self) {
            try AgentRequest(
                method: "RegisterSession",
                arguments: [.dictionary(key: .string, value: .variant, [.string("application-id"): .variant(.string("bell\u{7}"))])])
        }
        #expect(control?.name.rawValue == AgentErrorName.invalidArguments.rawValue)
        #expect(control?.message.contains("printable text without control, bidirectional or zero-width characters") == true)
        let unknown = #expect(throws: BusError.self) {
            try AgentRequest(
                method: "RegisterSession", arguments: [.dictionary(key: .string, value: .variant, [.string("volume"): .variant(.double(1))])])
        }
        #expect(unknown?.name.rawValue == AgentErrorName.unknownName.rawValue)
    }
}
