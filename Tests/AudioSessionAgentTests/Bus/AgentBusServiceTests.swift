import AudioSessionContract
import AudioPolicy
import AudioSessionAgent
import AudioSessionBus
import AudioSessionTesting
import Foundation
import Glibc
import Testing

/// The agent's bus service on a real private bus, with real client connections, over a real
/// coordinator and engine: what apps observe through the documented interface.
@Suite("Agent bus service on a private bus", .serialized, .timeLimit(.minutes(3)))
struct AgentBusServiceTests {
    @Test("two connections register, configure, activate and deactivate their own sessions")
    func sessionLifetime() async throws {
        try await AgentBusRig.run { rig in
            let first = try await rig.alice.register(applicationID: "org.example.Maps")
            let second = try await rig.bob.register()
            #expect(first != second)
            try await rig.alice.call(
                "SetConfiguration", [.string(first), .string("playback"), .string("voice-prompt"), ["duck-others"].busValue])
            try await rig.alice.call("Activate", [.string(first)])

            let state = try await rig.alice.call("GetState", [.string(first)])
            let (activity, category, mode, options, _) = try state.decode(String.self, String.self, String.self, [String].self, Bool.self)
            #expect(activity == "active")
            #expect(category == "playback")
            #expect(mode == "voice-prompt")
            #expect(Set(options) == ["duck-others", "mix-with-others"], "duck-others implies mix-with-others")

            let (rows) = try await rig.monitor.call("ListSessions").decode([ListedSession].self)
            #expect(rows.map(\.session) == [first, second])
            #expect(rows[0].owner == rig.alice.connection.uniqueName)
            #expect(rows[1].owner == rig.bob.connection.uniqueName)
            #expect(rows.allSatisfy { $0.pid == UInt32(getpid()) && $0.uid == getuid() }, "PID and UID come from the bus")
            #expect(rows[0].applicationID == "org.example.Maps")
            let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
            let binary = rig.coordinator.read { $0.registry.sessions.first?.app.processBinary }
            #expect(binary == executable.split(separator: "/").last.map(String.init), "the binary comes from /proc, not the call")
            #expect(rows[0].activity == "active" && rows[1].activity == "inactive")

            try await rig.alice.call("Deactivate", [.string(first), .boolean(true)])
            #expect(try await rig.alice.activity(of: first) == "inactive")
            try await rig.alice.call("UnregisterSession", [.string(first)])
            let gone = try await rig.alice.refusal("GetState", [.string(first)])
            #expect(gone.name.rawValue == AgentErrorName.noSuchSession.rawValue)
        }
    }

    @Test("a second connection can neither deactivate nor reconfigure another's session: AccessDenied, nothing changes")
    func accessDenied() async throws {
        try await AgentBusRig.run { rig in
            let session = try await rig.alice.activeSession(category: "playback")
            let attempts: [(String, BusArguments)] = [
                ("Deactivate", [.string(session), .boolean(true)]),
                ("SetConfiguration", [.string(session), .string("ambient"), .string("default"), [String]().busValue]),
                ("Activate", [.string(session)]),
                ("GetState", [.string(session)]),
                ("GetCurrentRoute", [.string(session)]),
                ("GetAvailableInputs", [.string(session)]),
                ("SetPrefersEchoCancelledInput", [.string(session), .boolean(false)]),
                ("IsEchoCancelledInputAvailable", [.string(session)]),
                ("SetInputMuted", [.string(session), .boolean(true)]),
                ("IsInputMuted", [.string(session)]),
                ("SetSessionPreference", [.string(session), .string("interruption-on-route-disconnect"), .boolean(true)]),
                ("UnregisterSession", [.string(session)]),
            ]
            for (method, arguments) in attempts {
                let error = try await rig.bob.refusal(method, arguments)
                #expect(error.name == .accessDenied, "\(method): \(error)")
                #expect(error.message.contains("belongs to another connection"))
            }
            let state = try await rig.alice.call("GetState", [.string(session)])
            #expect(try state.decode(String.self, at: 0) == "active")
            #expect(try state.decode(String.self, at: 1) == "playback")
        }
    }

    @Test("an unknown category over D-Bus is refused with every accepted name; a malformed call says what it takes")
    func badInput() async throws {
        try await AgentBusRig.run { rig in
            let session = try await rig.alice.register()
            let unknown = try await rig.alice.refusal(
                "SetConfiguration", [.string(session), .string("loud"), .string("default"), [String]().busValue])
            #expect(unknown.name.rawValue == AgentErrorName.unknownName.rawValue)
            #expect(
                unknown.message
                    == "unknown category \"loud\"; accepted: ambient, solo-ambient, playback, record, play-and-record, multi-route")

            let preference = try await rig.alice.refusal(
                "SetSessionPreference", [.string(session), .string("loud"), .boolean(true)])
            #expect(preference.name.rawValue == AgentErrorName.unknownName.rawValue)
            #expect(preference.message == "unknown session preference \"loud\"; accepted: "
                    + "interruption-on-route-disconnect, no-interruptions-from-system-alerts, system-sounds-during-recording")
            _ = try await rig.alice.call(
                "SetSessionPreference", [.string(session), .string("interruption-on-route-disconnect"), .boolean(true)])

            let malformed = try await rig.alice.refusal("Deactivate", [.string(session)])
            #expect(malformed.name == .invalidArgs)
            #expect(malformed.message == "Deactivate takes (s session, b notify_others), not (s)")

            let badProperty = try await rig.alice.refusal(
                "RegisterSession", [["application-id": BusVariant(.uint32(7))].busValue])
            #expect(badProperty.name == .invalidArgs)
            #expect(badProperty.message.contains("a string (s), not u"))

            let rule = try await rig.alice.refusal(
                "SetConfiguration", [.string(session), .string("playback"), .string("voice-chat"), [String]().busValue])
            #expect(rule.name.rawValue == AgentErrorName.invalidConfiguration.rawValue)
            #expect(rule.message.contains("voice-chat"))
        }
    }

    @Test("a method the interface lacks gets UnknownMethod listing the methods it has")
    func unknownMethod() async throws {
        try await AgentBusRig.run { rig in
            let refusal = try await rig.alice.refusal("Activte", [.string("/org/audiosession/Agent/session/1")])
            #expect(refusal.name == .unknownMethod)
            #expect(refusal.message.contains("has no method Activte; it has "), "\(refusal.message)")
            let listed = refusal.message.components(separatedBy: "; it has ").last?.components(separatedBy: ", ") ?? []
            #expect(Set(listed) == Set(AgentContract.methods.map(\.name)), "\(refusal.message)")
        }
    }

    @Test("the interrupted session gets InterruptionBegan, then InterruptionEnded with should_resume when the interrupter deactivates with notify-others")
    func interruptionAndResume() async throws {
        try await AgentBusRig.run { rig in
            let music = try await rig.alice.activeSession(category: "playback")
            let call = try await rig.bob.activeSession(category: "playback")

            let began = try await rig.alice.waitForSignal("InterruptionBegan") { $0.first == .string(music) }
            #expect(began.destination == rig.alice.connection.uniqueName, "session signals go to the owner only")
            #expect(began.arguments == [.string(music), .string("default")])
            #expect(try await rig.alice.activity(of: music) == "interrupted")
            _ = try await rig.monitor.waitForSignal("SessionStateChanged") { $0.first == .string(music) && $0[1] == .string("interrupted") }

            try await rig.bob.call("Deactivate", [.string(call), .boolean(true)])
            let ended = try await rig.alice.waitForSignal("InterruptionEnded") { $0.first == .string(music) }
            #expect(ended.arguments == [.string(music), .boolean(true)])
            #expect(try await rig.alice.activity(of: music) == "inactive")
            #expect(!rig.bob.log.signals.contains { $0.member.hasPrefix("Interruption") }, "the interrupter hears nothing of it")
        }
    }

    @Test("while a call is active, a playback session's Activate fails with InsufficientPriority naming the call; it stays inactive")
    func insufficientPriority() async throws {
        try await AgentBusRig.run { rig in
            let call = try await rig.bob.register()
            try await rig.bob.call(
                "SetConfiguration", [.string(call), .string("play-and-record"), .string("voice-chat"), [String]().busValue])
            try await rig.bob.call("Activate", [.string(call)])
            let music = try await rig.alice.register()
            try await rig.alice.call("SetConfiguration", [.string(music), .string("playback"), .string("default"), [String]().busValue])
            let refused = try await rig.alice.refusal("Activate", [.string(music)])
            #expect(refused.name.rawValue == AgentErrorName.insufficientPriority.rawValue)
            #expect(refused.message.contains("session:\(call) of rank 90"), "\(refused.message)")
            #expect(try await rig.alice.activity(of: music) == "inactive")
        }
    }

    @Test("a connection that goes away has its sessions ended: the session it interrupted may resume")
    func connectionDeparture() async throws {
        try await AgentBusRig.run { rig in
            let music = try await rig.alice.activeSession(category: "playback")
            let call = try await rig.bob.activeSession(category: "playback")
            _ = try await rig.alice.waitForSignal("InterruptionBegan") { $0.first == .string(music) }

            rig.bob.connection.close()
            let ended = try await rig.alice.waitForSignal("InterruptionEnded") { $0.first == .string(music) }
            #expect(ended.arguments == [.string(music), .boolean(true)])
            try await waitUntil("bob's session is gone") {
                let (rows) = try await rig.monitor.call("ListSessions").decode([ListedSession].self)
                return rows.map(\.session) == [music]
            }
            let gone = try await rig.alice.refusal("Activate", [.string(call)])
            #expect(gone.name.rawValue == AgentErrorName.noSuchSession.rawValue)
        }
    }

    @Test("a connection holds at most 16 sessions")
    func bounds() async throws {
        try await AgentBusRig.run { rig in
            for _ in 0..<16 { _ = try await rig.alice.register() }
            let refused = try await rig.alice.refusal("RegisterSession", [[String: BusVariant]().busValue])
            #expect(refused.name.rawValue == AgentErrorName.tooManySessions.rawValue)
            #expect(refused.message.contains("16"))
            _ = try await rig.bob.register()  // another connection still may
        }
    }

    @Test("Activate while the sound server is gone: MediaServicesUnavailable; MediaServicesLost and Reset are broadcast")
    func mediaServices() async throws {
        try await AgentBusRig.run { rig in
            let session = try await rig.alice.register()
            rig.notifier.mediaServicesLost()
            _ = try await rig.monitor.waitForSignal("MediaServicesLost")
            let refused = try await rig.alice.refusal("Activate", [.string(session)])
            #expect(refused.name.rawValue == AgentErrorName.mediaServicesUnavailable.rawValue)
            let (_, _, _, available, _, _) = try await rig.monitor.call("GetStatus")
                .decode(String.self, String.self, String.self, Bool.self, String.self, Bool.self)
            #expect(!available)
            rig.notifier.mediaServicesReset()
            _ = try await rig.monitor.waitForSignal("MediaServicesReset")
            try await rig.alice.call("Activate", [.string(session)])
            #expect(try await rig.alice.activity(of: session) == "active")
        }
    }

    @Test("the running service's introspection is the checked-in XML, and no second agent can take the name")
    func introspectionAndName() async throws {
        try await AgentBusRig.run { rig in
            let (xml) = try await rig.monitor.connection.call(
                destination: AgentInterface.busName, path: BusObjectPath(stringLiteral: AgentInterface.objectPath),
                interface: "org.freedesktop.DBus.Introspectable", method: "Introspect"
            ).decode(String.self)
            #expect(xml == AgentInterface.introspectionXML)
            let served = try IntrospectedInterface.read(xml).first { $0.name == AgentInterface.name }
            #expect(served == IntrospectedInterface.contract)

            let second = try BusConnection(address: rig.bus.address)
            defer { second.close() }
            let error = await #expect(throws: AgentBusServiceError.self) {
                _ = try await AgentBusService.start(
                    connection: second, coordinator: rig.coordinator, catalog: StreamCatalog(),
                    status: AgentStatusBoard(AgentStatus(backend: "pulse", server: "", policySource: "")))
            }
            #expect(error?.kind == .nameTaken)
            #expect(error?.message.contains(rig.service.connection.uniqueName) == true)
        }
    }

    @Test("busctl, a real external client, registers a session and reads the status")
    func externalClient() async throws {
        try await AgentBusRig.run { rig in
            let registered = try await rig.bus.tool(
                "busctl",
                ["--user", "call", AgentInterface.busName, AgentInterface.objectPath, AgentInterface.name, "RegisterSession",
                 "a{sv}", "1", "application-id", "s", "org.example.Shell"])
            #expect(registered.hasPrefix("ss \""), "\(registered)")
            let status = try await rig.bus.tool(
                "dbus-send",
                ["--session", "--print-reply", "--dest=\(AgentInterface.busName)", AgentInterface.objectPath,
                 "\(AgentInterface.name).GetStatus"])
            #expect(status.contains("string \"pulse\""))
            #expect(status.contains("boolean true"))
            // busctl's connection is gone now, so its session has ended.
            try await waitUntil("the one-shot session ended") {
                let (rows) = try await rig.monitor.call("ListSessions").decode([ListedSession].self)
                return rows.isEmpty
            }
        }
    }
}
