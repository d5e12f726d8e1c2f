import AudioPolicy
import AudioSessionAgent
import AudioSessionBus
import AudioSessionContract
import AudioSessionTesting
import Glibc
import Testing

@testable import AudioSessionAgent

/// A caller whose process has a `.flatpak-info` sees only its own app's sessions and streams
/// through the queries open to everyone, and its sessions' identity is what its sandbox proves.
@Suite("Sandboxed callers see only their own")
struct SandboxedCallerTests {
    /// Every process but this test's own runs inside the Flatpak app `org.example.Sandboxed`: the
    /// in-process clients are unsandboxed apps, a tool the test starts is a sandboxed one.
    struct SandboxedChildren: ProcessTable {
        let own = getpid()
        func parent(of processID: Int32) -> Int32? { nil }
        func appScope(of processID: Int32) -> String? { nil }
        func flatpakAppID(of processID: Int32) -> String? { processID == own ? nil : "org.example.Sandboxed" }
        func environmentVariable(_ name: String, of processID: Int32) -> String? { nil }
    }

    static let table = FakeProcessTable(processes: [
        200: .init(parent: 1),
        300: .init(parent: 1, flatpak: "org.example.Game"),
        301: .init(parent: 1, flatpak: "org.example.Game"),
        400: .init(parent: 1, flatpak: "org.example.Other"),
    ])

    static func caller(_ name: String, _ pid: Int32) -> BusCaller {
        CallerProcess.caller(uniqueName: name, processID: pid, userID: 1000, processes: table)
    }

    @Test func aSandboxedCallerSeesItsAppsSessionsAndStreamsOnly() throws {
        var registry = SessionRegistry()
        let desktop = try registry.register(SessionProperties(applicationID: "org.example.Player"), from: Self.caller(":1.2", 200))
        let game = try registry.register(SessionProperties(applicationID: "org.example.Game"), from: Self.caller(":1.3", 300))
        let gameAgain = try registry.register(SessionProperties(), from: Self.caller(":1.4", 301))
        let other = try registry.register(SessionProperties(applicationID: "org.example.Game"), from: Self.caller(":1.5", 400))

        let sandboxed = QueryScope(caller: Self.caller(":1.3", 300))
        #expect(registry.sessions.filter(sandboxed.includes).map(\.id) == [game.id, gameAgain.id])
        let unsandboxed = QueryScope(caller: Self.caller(":1.2", 200))
        #expect(registry.sessions.filter(unsandboxed.includes).map(\.id) == [desktop.id, game.id, gameAgain.id, other.id])

        let ownStream = StreamInfo(id: "1", direction: .playback, session: game.id)
        let othersStream = StreamInfo(id: "2", direction: .playback, session: other.id)
        let unmatched = StreamInfo(id: "3", direction: .playback)
        let claimedPortal = StreamInfo(id: "4", direction: .playback, app: AppIdentity(portalAppID: "org.example.Game"))
        let verifiedPortal = StreamInfo(
            id: "5", direction: .playback, app: AppIdentity(portalAppID: "org.example.Game", evidence: .init(portalAppID: .verified)))
        let streams = [ownStream, othersStream, unmatched, claimedPortal, verifiedPortal]
        #expect(streams.filter { sandboxed.includes($0, sessions: registry) }.map(\.id) == ["1", "5"])
        #expect(streams.filter { unsandboxed.includes($0, sessions: registry) }.count == 5)
    }

    @Test func aSessionsIdentityCarriesItsEvidence() throws {
        var registry = SessionRegistry()
        let sandboxed = try registry.register(SessionProperties(applicationID: "orca"), from: Self.caller(":1.3", 300))
        #expect(sandboxed.app.flatpakID == "org.example.Game")
        #expect(sandboxed.app.evidence.flatpakID == .verified)
        #expect(sandboxed.app.evidence.applicationID == .declared)
        #expect(sandboxed.app.isSandboxed)
    }

    /// The service on a private bus: `alice` (this process, unsandboxed) registers a session; a
    /// `dbus-send` the test starts is a sandboxed app and sees none of it, nor another app's stream.
    @Test func overTheBusASandboxedToolSeesNoOtherAppsSession() async throws {
        try await AgentBusRig.run(processes: SandboxedChildren()) { rig in
            let session = try await rig.alice.register(applicationID: "org.example.Player")
            let listed = try await rig.alice.call("ListSessions")
            #expect("\(listed)".contains(session), "an unsandboxed caller sees every session: \(listed)")

            func send(_ method: String, _ arguments: [String] = []) async throws -> ToolResult {
                try await rig.bus.run(
                    "dbus-send",
                    ["--bus=\(rig.bus.address)", "--print-reply", "--dest=\(AgentInterface.busName)", AgentInterface.objectPath,
                     "\(AgentInterface.name).\(method)"] + arguments)
            }
            let sessions = try await send("ListSessions")
            #expect(sessions.succeeded, "\(sessions.standardError)")
            #expect(!sessions.standardOutput.contains("\"\(session)\""), "\(sessions.standardOutput)")
            #expect(sessions.standardOutput.contains("array ["), "an empty list, not an error: \(sessions.standardOutput)")
            let streams = try await send("ListStreams")
            #expect(streams.succeeded, "\(streams.standardError)")
            let processing = try await send("GetInputProcessing", ["string:\(session)"])
            #expect(!processing.succeeded)
            #expect(processing.standardError.contains(AgentErrorName.noSuchSession.rawValue), "\(processing.standardError)")
            let own = try await rig.alice.call("GetInputProcessing", [.string(session)])
            #expect("\(own)".contains(AgentBusService.noProcessing), "\(own)")

            // Another app's stream: the unsandboxed caller is told why it plays as it does; the
            // sandboxed one hears of no such stream, as of one that does not exist.
            let stream = StreamInfo(
                id: "sink-input:7@test", direction: .playback, properties: ["media.role": "music", "application.name": "Player"],
                isSounding: true)
            rig.coordinator.handle(.streamAppeared(stream))
            let explained = try await rig.alice.call("ExplainStream", [.string(stream.id.rawValue)])
            #expect("\(explained)".contains("music"), "\(explained)")
            let hidden = try await send("ExplainStream", ["string:\(stream.id.rawValue)"])
            #expect(!hidden.succeeded)
            #expect(hidden.standardError.contains(AgentErrorName.noSuchStream.rawValue), "\(hidden.standardError)")
            let missing = try await send("ExplainStream", ["string:sink-input:8@test"])
            #expect(missing.standardError.contains(AgentErrorName.noSuchStream.rawValue), "\(missing.standardError)")
        }
    }

    /// `ReloadPolicy` is the user's: a sandboxed tool is refused before anything is read; this
    /// rig's service was given its policy, so even the unsandboxed caller's reload fails, saying so.
    @Test func aSandboxedToolMayNotReloadThePolicy() async throws {
        try await AgentBusRig.run(processes: SandboxedChildren()) { rig in
            let sandboxed = try await rig.bus.run(
                "dbus-send",
                ["--bus=\(rig.bus.address)", "--print-reply", "--dest=\(AgentInterface.busName)", AgentInterface.objectPath,
                 "\(AgentInterface.name).ReloadPolicy"])
            #expect(!sandboxed.succeeded)
            #expect(sandboxed.standardError.contains("org.freedesktop.DBus.Error.AccessDenied"), "\(sandboxed.standardError)")
            let unsandboxed = try await rig.alice.refusal("ReloadPolicy")
            #expect(unsandboxed.name.rawValue == AgentErrorName.failed.rawValue && unsandboxed.message.contains("not files"), "\(unsandboxed)")
        }
    }
}
