import AudioSessionAgent
import AudioSessionBus
import AudioSessionTesting
import Foundation
import Logging

/// A private sound server (PulseAudio or pipewire-pulse) and a private session bus, mpv players
/// (with mpv-mpris) on both, and the bus connection the pauser and the tests use.
struct MprisRig<Server: PulseProtocolServer> {
    let pulse: Server
    let dbus: PrivateDBus
    let bus: BusConnection
    let harness: AgentHarness<Server>

    /// Starts the bus next to `pulse`, a server just started; stops the server when that fails.
    static func start(on pulse: Server) async throws -> MprisRig {
        do {
            let dbus = try await PrivateDBus.start()
            do {
                let bus = try BusConnection(address: dbus.address)
                return MprisRig(pulse: pulse, dbus: dbus, bus: bus, harness: AgentHarness(server: pulse))
            } catch {
                dbus.stop()
                throw error
            }
        } catch {
            pulse.stop()
            throw error
        }
    }

    func stop() {
        bus.close()
        dbus.stop()
        pulse.stop()
    }

    /// Starts an agent whose enforcer pauses players through `pauser`.
    func startAgent(pauser: MprisPauser) async throws -> PulseAgent {
        try await PulseAgent.start(
            policy: try AgentHarness<Server>.defaultPolicy,
            configuration: PulseAgentConfiguration(
                server: pulse.serverAddress, journalDirectory: harness.journalDirectory,
                recoveryGrace: .milliseconds(300), pauser: pauser, logger: Self.logger("test.agent")))
    }

    static func logger(_ label: String) -> Logger {
        var logger = Logger(label: label)
        logger.logLevel = ProcessInfo.processInfo.environment["AGENT_TEST_DEBUG"] == nil ? .info : .trace
        return logger
    }

    /// mpv playing a minute of a 440 Hz tone on the speaker, with no media.role (as mpv sets none).
    func startMpv(_ name: String) throws -> ChildProcess {
        let tone = try ToneFile.sine(frequency: 440, seconds: 60, amplitude: 0.5, in: pulse.directory, name: "\(name).wav")
        return try pulse.spawn(
            "mpv",
            [
                "--no-config", "--script=/etc/mpv/scripts/mpris.so", "--no-video", "--ao=pulse",
                "--audio-device=pulse/speaker", "--title=\(name)", tone,
            ],
            extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": dbus.address])
    }

    /// A phone call from an app without a session: 30 s of silence with media.role=phone.
    func startCall() throws -> ChildProcess {
        let silence = try ToneFile.silence(seconds: 30, in: pulse.directory, name: "call.wav")
        return try pulse.spawn("paplay", ["--property=media.role=phone", "--property=media.name=call", silence])
    }

    /// The sink input of `player`'s process.
    func stream(of player: ChildProcess) async throws -> PulseSinkInput? {
        try await pulse.sinkInput(where: "application.process.id", is: String(player.pid))
    }

    /// The bus name the player with process `pid` owns under org.mpris.MediaPlayer2.
    func playerName(of player: ChildProcess) async throws -> String? {
        let (names) = try await bus.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: "ListNames"
        ).decode([String].self)
        for name in names where name.hasPrefix("org.mpris.MediaPlayer2.") {
            let owner = try await bus.nameOwner(of: name)
            if try await bus.callerIdentity(of: owner).processID == player.pid { return name }
        }
        return nil
    }

    /// The player's PlaybackStatus, asked over the bus as playerctl would.
    func status(of name: String) async throws -> String? {
        let (value) = try await bus.call(
            destination: name, path: "/org/mpris/MediaPlayer2", interface: "org.freedesktop.DBus.Properties",
            method: "Get", arguments: [.string("org.mpris.MediaPlayer2.Player"), .string("PlaybackStatus")],
            timeout: .seconds(5)
        ).decode(BusVariant.self)
        guard case .string(let status) = value.value else { return nil }
        return status
    }

    /// Sends an MPRIS command (`Pause`, `Play`) as the user's media keys would.
    func command(_ method: String, _ name: String) async throws {
        _ = try await bus.call(
            destination: name, path: "/org/mpris/MediaPlayer2", interface: "org.mpris.MediaPlayer2.Player",
            method: method, timeout: .seconds(5))
    }
}
