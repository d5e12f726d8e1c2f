import AudioSessionAgent
import Foundation
import Testing

/// Comparing what an agent introspects as with the contract: the check the integration test runs.
@Suite("Interface differences")
struct InterfaceDifferencesTests {
    @Test("the contract agrees with itself, and with a reformatted copy of itself")
    func agrees() throws {
        let contract = try AgentInterface.contract()
        #expect(contract.differences(from: contract).isEmpty)
        let reformatted = AgentInterface.introspectionXML
            .replacingOccurrences(of: "\n", with: " ")
            .replacingOccurrences(of: "\"", with: "'")
        let served = try #require(try IntrospectionDocument(xml: reformatted).interface(named: AgentInterface.name))
        #expect(contract.differences(from: served).isEmpty)
    }

    @Test("a changed, missing or extra member is reported by name")
    func reportsChanges() throws {
        let contract = try AgentInterface.contract()
        var served = contract
        served.methods.removeAll { $0.name == "UnregisterSession" }
        if let index = served.methods.firstIndex(where: { $0.name == "Deactivate" }) {
            served.methods[index].inputs.removeLast()
        }
        served.methods.append(MethodDescription(name: "Shout"))
        if let index = served.signals.firstIndex(where: { $0.name == "InterruptionEnded" }) {
            served.signals[index].arguments[1].type = "u"
        }
        #expect(contract.differences(from: served) == [
            "method UnregisterSession is missing",
            "method Deactivate: in arguments (session: s, notify_others: b) became (session: s)",
            "method Shout is not in the contract",
            "signal InterruptionEnded: arguments (session: s, should_resume: b) became (session: s, should_resume: u)",
        ])
    }
}
