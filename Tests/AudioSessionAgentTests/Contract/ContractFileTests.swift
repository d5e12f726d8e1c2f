import AudioSessionContract
import AudioSessionAgent
import AudioSessionModel
import Testing

/// The bus contract file: well formed, complete, served as checked in, and documented.
@Suite("D-Bus contract file")
struct ContractFileTests {
    static let xmlPath = "Sources/AudioSessionAgent/Bus/org.audiosession.Agent1.xml"

    @Test("the agent serves the checked-in XML byte for byte")
    func embeddedIsTheFile() throws {
        #expect(AgentInterface.introspectionXML == (try RepositoryFiles.read(Self.xmlPath)))
    }

    @Test("the XML is well formed, valid introspection, and names the object's interfaces")
    func wellFormed() throws {
        let document = try IntrospectionDocument(xml: try RepositoryFiles.read(Self.xmlPath))
        #expect(document.name == nil)
        #expect(document.children.isEmpty)
        #expect(document.interfaces.map(\.name) == [
            "org.audiosession.Agent1", "org.freedesktop.DBus.Introspectable", "org.freedesktop.DBus.Peer",
        ])
        #expect(try AgentInterface.contract().name == AgentInterface.name)
    }

    /// The contract, pinned: changing a member is a deliberate act that updates this table and the docs.
    static let methods: [(String, String, String)] = [
        ("RegisterSession", "a{sv}", "ss"),
        ("RegisterSessionWithSecret", "a{sv}", "ssss"),
        ("UnregisterSession", "s", ""),
        ("SetConfiguration", "sssas", ""),
        ("Activate", "s", ""),
        ("Deactivate", "sb", ""),
        ("GetState", "s", "sssasb"),
        ("GetCurrentRoute", "s", "(a(sssu)a(sssu))"),
        ("OverrideOutputPort", "ss", ""),
        ("SetPreferredInput", "ss", ""),
        ("GetStatus", "", "sssbsb"),
        ("ListSessions", "", "a(ssuusssass)"),
        ("ListStreams", "", "a(sssssbsds)"),
        ("ExplainStream", "s", "sdsssa(sd)a(ss)asbs"),
        ("GetInputProcessing", "s", "ss"),
    ]
    static let signals: [(String, String)] = [
        ("InterruptionBegan", "ss"),
        ("InterruptionEnded", "sb"),
        ("RouteChanged", "ss(a(sssu)a(sssu))"),
        ("SecondaryAudioHint", "ss"),
        ("MediaServicesLost", ""),
        ("MediaServicesReset", ""),
        ("SessionStateChanged", "sss"),
        ("StreamStateChanged", "ssdss"),
        ("SessionRouteChanged", "ss(a(sssu)a(sssu))(a(sssu)a(sssu))"),
    ]

    @Test("Agent1 has exactly the contract's methods and signals, with their signatures")
    func members() throws {
        let agent = try AgentInterface.contract()
        #expect(agent.methods.map(\.name) == Self.methods.map(\.0))
        for (name, inputs, outputs) in Self.methods {
            #expect(agent.method(named: name)?.inputSignature == inputs, "\(name) in")
            #expect(agent.method(named: name)?.outputSignature == outputs, "\(name) out")
        }
        #expect(agent.signals.map(\.name) == Self.signals.map(\.0))
        for (name, signature) in Self.signals {
            #expect(agent.signal(named: name)?.signature == signature, "\(name)")
        }
        #expect(agent.properties.isEmpty)
        #expect(agent.method(named: "Deactivate")?.inputs.map(\.name) == ["session", "notify_others"])
        #expect(agent.signal(named: "InterruptionEnded")?.arguments.map(\.name) == ["session", "should_resume"])
        #expect(agent.signal(named: "RouteChanged")?.arguments.map(\.name) == ["session", "reason", "previous_route"])
    }

    @Test("every argument has a snake_case name and every member an UpperCamelCase one")
    func naming() throws {
        let agent = try AgentInterface.contract()
        let arguments = agent.methods.flatMap { $0.inputs + $0.outputs } + agent.signals.flatMap(\.arguments)
        for argument in arguments {
            let name = argument.name ?? ""
            #expect(!name.isEmpty && name.allSatisfy { $0.isLowercase || $0 == "_" }, "argument \(name)")
        }
        for name in agent.methods.map(\.name) + agent.signals.map(\.name) {
            #expect(name.first?.isUppercase == true && name.allSatisfy { $0.isLetter }, "member \(name)")
        }
    }

    @Test("every error name is a valid D-Bus error name, and the agent's own share one namespace")
    func errorNames() {
        for error in AgentErrorName.allCases {
            let elements = error.rawValue.split(separator: ".", omittingEmptySubsequences: false)
            #expect(elements.count >= 2 && elements.allSatisfy { !$0.isEmpty && $0.first?.isNumber == false }, "\(error.rawValue)")
            #expect(
                error.rawValue.hasPrefix("org.freedesktop.DBus.Error.") || error.rawValue.hasPrefix("org.audiosession.Error."),
                "\(error.rawValue)")
        }
    }
}
