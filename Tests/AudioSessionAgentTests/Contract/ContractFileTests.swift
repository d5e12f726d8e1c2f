import AudioSessionContract
import AudioSessionAgent
import AudioSessionModel
import Testing

/// The bus contract file: well formed, served as checked in, and the same as the static table.
@Suite("D-Bus contract file")
struct ContractFileTests {
    static let xmlPath = "Sources/AudioSessionAgent/Bus/org.audiosession.Agent1.xml"

    @Test("the agent serves the checked-in XML byte for byte")
    func embeddedIsTheFile() throws {
        #expect(AgentInterface.introspectionXML == (try RepositoryFiles.read(Self.xmlPath)))
    }

    @Test("the XML is well formed and names the object's interfaces")
    func wellFormed() throws {
        let interfaces = try IntrospectedInterface.read(try RepositoryFiles.read(Self.xmlPath))
        #expect(interfaces.map(\.name) == [
            "org.audiosession.Agent1", "org.freedesktop.DBus.Introspectable", "org.freedesktop.DBus.Peer",
        ])
    }

    @Test("the static table has exactly the XML's methods, signals and properties, with the same arguments")
    func tableIsTheXML() throws {
        let interfaces = try IntrospectedInterface.read(try RepositoryFiles.read(Self.xmlPath))
        let xml = try #require(interfaces.first { $0.name == AgentContract.interface })
        let table = IntrospectedInterface.contract
        for member in xml.members {
            #expect(table.members.contains(member), "the XML has \(member); the table has not")
        }
        for member in table.members {
            #expect(xml.members.contains(member), "the table has \(member); the XML has not")
        }
        #expect(table == xml)
    }

    @Test("a table that differs from the XML in one argument's type, name or direction is told apart")
    func comparisonCanFail() throws {
        let interfaces = try IntrospectedInterface.read(try RepositoryFiles.read(Self.xmlPath))
        let xml = try #require(interfaces.first { $0.name == AgentContract.interface })
        var changed = IntrospectedInterface.contract
        let index = try #require(changed.members.firstIndex { $0.name == "InterruptionEnded" })
        for edit in [("type", "u"), ("name", "resume"), ("direction", "out")] {
            var copy = changed
            switch edit.0 {
            case "type": copy.members[index].arguments[1].type = edit.1
            case "name": copy.members[index].arguments[1].name = edit.1
            default: copy.members[index].arguments[1].direction = edit.1
            }
            #expect(copy != xml, "changing the \(edit.0) went unnoticed")
        }
        changed.members.removeLast()
        #expect(changed != xml)
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
        ("GetAvailableInputs", "s", "a(sssu)"),
        ("GetHardwareValues", "s", "a{sv}"),
        ("GetSecondaryAudioHint", "s", "b"),
        ("SetPreferredHardware", "sa{sv}", ""),
        ("SetPrefersEchoCancelledInput", "sb", ""),
        ("IsEchoCancelledInputAvailable", "s", "b"),
        ("SetInputMuted", "sb", ""),
        ("IsInputMuted", "s", "b"),
        ("SetSessionPreference", "ssb", ""),
        ("GetStatus", "", "sssbsb"),
        ("ListSessions", "", "a(ssuusssass)"),
        ("ListStreams", "", "a(sssssbsds)"),
        ("ExplainStream", "s", "sdsssa(sd)a(ss)asbs"),
        ("GetInputProcessing", "s", "ss"),
        ("GetDesktopState", "", "bbbas"),
        ("SetDoNotDisturb", "b", ""),
        ("ReloadPolicy", "", "as"),
    ]
    static let signals: [(String, String)] = [
        ("InterruptionBegan", "ss"),
        ("InterruptionEnded", "sb"),
        ("RouteChanged", "ss(a(sssu)a(sssu))"),
        ("SecondaryAudioHint", "ss"),
        ("InputMuteChanged", "sb"),
        ("MediaServicesLost", ""),
        ("MediaServicesReset", ""),
        ("SessionStateChanged", "sss"),
        ("StreamStateChanged", "ssdss"),
        ("SessionRouteChanged", "ss(a(sssu)a(sssu))(a(sssu)a(sssu))"),
    ]

    @Test("Agent1 has exactly the pinned methods and signals, with their signatures")
    func members() {
        #expect(AgentContract.methods.map(\.name) == Self.methods.map(\.0))
        for (name, inputs, outputs) in Self.methods {
            #expect(AgentContract.method(named: name)?.inputSignature == inputs, "\(name) in")
            #expect(AgentContract.method(named: name)?.outputSignature == outputs, "\(name) out")
        }
        #expect(AgentContract.signals.map(\.name) == Self.signals.map(\.0))
        for (name, signature) in Self.signals {
            #expect(AgentContract.signal(named: name)?.signature == signature, "\(name)")
        }
        #expect(AgentContract.properties.isEmpty)
        #expect(AgentContract.method(named: "Deactivate")?.inputs.map(\.name) == ["session", "notify_others"])
        #expect(AgentContract.signal(named: "InterruptionEnded")?.arguments.map(\.name) == ["session", "should_resume"])
        #expect(AgentContract.signal(named: "RouteChanged")?.arguments.map(\.name) == ["session", "reason", "previous_route"])
    }

    @Test("every argument has a snake_case name and every member an UpperCamelCase one")
    func naming() {
        let arguments =
            AgentContract.methods.flatMap { $0.inputs + $0.outputs } + AgentContract.signals.flatMap(\.arguments)
        for argument in arguments {
            #expect(!argument.name.isEmpty && argument.name.allSatisfy { $0.isLowercase || $0 == "_" }, "argument \(argument.name)")
        }
        for name in AgentContract.methods.map(\.name) + AgentContract.signals.map(\.name) {
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
