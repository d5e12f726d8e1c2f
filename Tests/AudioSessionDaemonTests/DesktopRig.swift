import AudioSessionBus
import AudioSessionTesting
import Foundation

/// The desktop tests' setup: the real agent binary on private PulseAudio and a private session bus,
/// with logind's stand-in on a private system bus, or with a system bus that does not exist.
///
/// ```swift
/// let rig = try await DesktopRig.start(systemBus: .logindStandIn)
/// defer { rig.stop() }
/// let daemon = try await rig.startAgent()
/// try await rig.login1?.setLocked(true)
/// ```
struct DesktopRig {
    /// What the agent finds at `DBUS_SYSTEM_BUS_ADDRESS`.
    enum SystemBus {
        /// A private system bus where ``Login1StandIn`` owns `org.freedesktop.login1`.
        case logindStandIn
        /// A socket path where nothing listens.
        case missing
    }

    let pulse: PrivatePulseAudio
    let bus: PrivateDBus
    let binary: DaemonBinary
    let client: DaemonClient
    let systemBus: PrivateDBus?
    let login1: Login1StandIn?

    /// Starts the servers, the buses and the stand-in; the agent starts with ``startAgent()``, so
    /// that a test can first subscribe or own names the agent looks for at its start.
    static func start(systemBus kind: SystemBus) async throws -> DesktopRig {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        var systemBus: PrivateDBus?
        var login1: Login1StandIn?
        var bus: PrivateDBus?
        var binary: DaemonBinary?
        do {
            bus = try await PrivateDBus.start()
            binary = try DaemonBinary()
            if case .logindStandIn = kind, let scratch = binary?.scratch {
                let started = try await PrivateDBus.start()
                systemBus = started
                login1 = try await Login1StandIn.start(on: started, scratch: scratch)
            }
            guard let bus, let binary else { throw DaemonExited(output: "the desktop rig could not start") }
            let client = DaemonClient(connection: try BusConnection(address: bus.address))
            return DesktopRig(pulse: pulse, bus: bus, binary: binary, client: client, systemBus: systemBus, login1: login1)
        } catch {
            login1?.stop()
            systemBus?.stop()
            binary?.cleanUp()
            bus?.stop()
            pulse.stop()
            throw error
        }
    }

    /// The system bus address the agent is given.
    var systemBusAddress: String {
        systemBus?.address ?? "unix:path=\(binary.scratch)/no-such-bus"
    }

    /// Starts the agent and returns once it owns its name on the session bus.
    func startAgent() async throws -> ChildProcess {
        let daemon = try binary.spawn([], bus: bus, pulse: pulse, extraEnvironment: ["DBUS_SYSTEM_BUS_ADDRESS": systemBusAddress])
        do {
            try await waitUntil("audiosessiond owns its name", timeout: .seconds(20)) {
                guard daemon.isRunning else { throw DaemonExited(output: daemon.standardError) }
                return await client.agentOwner() != nil
            }
        } catch {
            daemon.kill()
            throw error
        }
        return daemon
    }

    /// Runs `audiosessionctl ARGUMENTS` to its end.
    func ctl(_ arguments: [String]) async throws -> ToolResult {
        let child = try binary.spawnCtl(arguments, bus: bus, pulse: pulse)
        let status = await child.waitForExit()
        return ToolResult(status: status, standardOutput: child.standardOutput, standardError: child.standardError)
    }

    /// Whether the sink input named `name` is muted on the server (nil: no such stream).
    func isMuted(_ name: String) async throws -> Bool? {
        try await pulse.sinkInput(where: "media.name", is: name)?.isMuted
    }

    /// Stops what ``start(systemBus:)`` started, the agent aside (its test ends it).
    func stop() {
        client.connection.close()
        login1?.stop()
        systemBus?.stop()
        binary.cleanUp()
        bus.stop()
        pulse.stop()
    }
}
