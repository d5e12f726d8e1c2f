import AudioSessionContract
import AudioPolicy
import AudioSessionAgent
import AudioSessionModel
import Testing

/// docs/dbus-api.md documents the contract (its table, checked against the XML) exactly: every member with its arguments, every
/// error, every name list.
@Suite("D-Bus contract documentation")
struct ContractDocumentationTests {
    let document: String
    let headings: [String]

    init() throws {
        document = try RepositoryFiles.read("docs/dbus-api.md")
        headings = document.split(separator: "\n").map(String.init).filter { $0.hasPrefix("### `") }
    }

    /// The heading the docs give a member: `### \`Name(type name, …) → (type name, …)\``.
    static func heading(_ name: String, _ inputs: [ContractArgument], _ outputs: [ContractArgument] = []) -> String {
        func list(_ arguments: [ContractArgument]) -> String {
            arguments.map(\.description).joined(separator: ", ")
        }
        let result = outputs.isEmpty ? "" : " → (\(list(outputs)))"
        return "### `\(name)(\(list(inputs)))\(result)`"
    }

    @Test("every method and signal of the contract has a heading with its argument types and names")
    func everyMemberDocumented() throws {
        let agent = AgentContract.self
        for method in agent.methods {
            let expected = Self.heading(method.name, method.inputs, method.outputs)
            #expect(headings.contains(expected), "docs/dbus-api.md lacks \(expected)")
        }
        for signal in agent.signals {
            let expected = Self.heading(signal.name, signal.arguments)
            #expect(headings.contains(expected), "docs/dbus-api.md lacks \(expected)")
        }
    }

    @Test("the docs document nothing the contract does not have")
    func noStaleDocumentation() throws {
        let agent = AgentContract.self
        let expected = Set(
            agent.methods.map { Self.heading($0.name, $0.inputs, $0.outputs) } + agent.signals.map { Self.heading($0.name, $0.arguments) })
        for heading in headings {
            #expect(expected.contains(heading), "docs/dbus-api.md documents \(heading), which the contract does not have")
        }
        #expect(headings.count == agent.methods.count + agent.signals.count)
    }

    @Test("every error name the agent replies with is in the errors table")
    func everyErrorDocumented() {
        for error in AgentErrorName.allCases {
            #expect(document.contains("| `\(error.rawValue)` |"), "docs/dbus-api.md lacks \(error.rawValue)")
        }
    }

    @Test("the name lists match the model's kebab-case names")
    func nameLists() {
        func row(_ label: String) -> String {
            document.split(separator: "\n").first { $0.hasPrefix("| \(label) |") }.map(String.init) ?? ""
        }
        func check(_ label: String, _ names: [String]) {
            let line = row(label)
            #expect(!line.isEmpty, "no row \(label)")
            for name in names { #expect(line.contains("`\(name)`"), "\(label) row lacks \(name)") }
            let listed = line.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            #expect(listed.count == names.count, "\(label) row lists \(listed), the model has \(names)")
        }
        check("category", Category.acceptedNames)
        check("mode", Mode.acceptedNames)
        check("option", CategoryOption.acceptedNames)
        check("interruption reason", InterruptionReason.acceptedNames)
        check("route change reason", RouteChangeReason.acceptedNames)
        check("port type", PortType.acceptedNames)
        check("activity", [SessionActivity.active, .inactive, .interrupted].map(\.rawValue))
        check("secondary-audio hint", [SecondaryAudioHint.begin.rawValue, SecondaryAudioHint.end.rawValue])
        check("silence cause", [SilenceCause.interruption, .record, .exclusive].map(\.rawValue))
        check("role", Role.allCases.map(\.rawValue))
    }

    @Test("the documented bounds are the registry's")
    func bounds() {
        #expect(document.contains("A connection holds at most **\(SessionLimits.standard.perConnection)** sessions"))
        #expect(document.contains("the agent at most **\(SessionLimits.standard.total)** in"))
        #expect(document.contains("an app (all its connections) at most **\(SessionLimits.standard.perApp)**"))
        #expect(document.contains("bursts of **\(CallRateLimits.standard.burst)** calls"))
        #expect(document.contains("**\(CallRateLimits.standard.perSecond)** a second"))
        #expect(document.contains("`--talk-name=org.audiosession.Agent`") || document.contains("--talk-name=\(AgentInterface.busName)"))
    }
}
