import AudioSession
import AudioSessionBus
import AudioSessionContract
import AudioSessionTesting
import Foundation
import Logging

/// A private sound server and a private session bus, with the BUILT `audiosessiond` started and
/// killed by the test, and library sessions made in this test process, each with its own bus
/// connection, as two apps would have.
struct LibraryRig: Sendable {
    let setup: SoundSetup
    let server: any PulseProtocolServer
    let bus: PrivateDBus
    /// The test's own connection, for looking at the agent as `audiosessionctl` does.
    let observer: BusConnection

    static func start(_ setup: SoundSetup) async throws -> LibraryRig {
        let server = try await setup.start()
        let bus: PrivateDBus
        do { bus = try await PrivateDBus.start() } catch {
            server.stop()
            throw error
        }
        do {
            return LibraryRig(setup: setup, server: server, bus: bus, observer: try BusConnection(address: bus.address))
        } catch {
            bus.stop()
            server.stop()
            throw error
        }
    }

    /// Stops the bus and the server (the server's directory, with every scratch file, goes too).
    func stop() {
        observer.close()
        bus.stop()
        server.stop()
    }

    var directory: String { server.directory }

    // MARK: The agent

    static var productsDirectory: URL {
        let testBinary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        return URL(fileURLWithPath: testBinary).deletingLastPathComponent()
    }

    static var packageRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
    }

    /// Starts `audiosessiond` with the shipped policy and returns once it owns its bus name.
    /// - Parameters:
    ///   - policy: the policy file; the shipped default when nil.
    ///   - backend: the agent's `--backend`; `pipewire` for the native agent on a PipeWire rig.
    func startAgent(policy: String? = nil, backend: String = "pulse") async throws -> ChildProcess {
        var environment = server.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        environment["PATH"] = "/usr/bin:/bin"
        environment["XDG_CONFIG_DIRS"] = directory + "/no-system-config"
        let agent = try ChildProcess(
            [
                Self.productsDirectory.appendingPathComponent("audiosessiond").path, "--backend", backend, "--policy",
                policy ?? Self.packageRoot + "/policies/default.toml", "--log-level", "debug",
            ],
            environment: environment, outputDirectory: directory)
        do {
            try await waitUntil("audiosessiond owns its bus name", timeout: .seconds(30)) {
                guard agent.isRunning else { throw AgentExited(log: agent.standardError) }
                return await agentOwner() != nil
            }
        } catch {
            agent.kill()
            throw error
        }
        return agent
    }

    /// Stops the agent with SIGTERM and waits for it.
    func stopAgent(_ agent: ChildProcess) async {
        agent.terminate()
        _ = await agent.waitForExit()
    }

    /// The agent's unique name, or nil when none runs.
    func agentOwner() async -> String? {
        try? await observer.nameOwner(of: AgentBusAddress.busName)
    }

    struct AgentExited: Error, CustomStringConvertible {
        var log: String
        var description: String { "audiosessiond exited: \(log)" }
    }

    // MARK: Sessions

    /// A library session on this rig's bus and server.
    func session(_ applicationID: String, pipeWireRemote: String? = nil) -> AudioSession {
        var logger = Logger(label: "test.\(applicationID)")
        logger.logLevel = .debug
        return AudioSession(
            applicationID: applicationID,
            options: .init(
                busAddress: bus.address, soundServer: server.serverAddress, pipeWireRemote: pipeWireRemote,
                agentCallTimeout: .seconds(20), logger: logger))
    }

    /// One row of the agent's `ListSessions`.
    struct SessionRow: Equatable {
        var session: String
        var applicationID: String
        var category: String
        var activity: String
    }

    func sessions() async throws -> [SessionRow] {
        let reply = try await observer.call(
            destination: AgentBusAddress.busName, path: BusObjectPath(stringLiteral: AgentBusAddress.objectPath),
            interface: AgentBusAddress.interface, method: "ListSessions")
        guard case .array(_, let rows) = reply[0] else { return [] }
        return rows.compactMap { row in
            guard case .structure(let fields) = row, fields.count == 9, case .string(let session) = fields[0],
                case .string(let applicationID) = fields[4], case .string(let category) = fields[5],
                case .string(let activity) = fields[8]
            else { return nil }
            return SessionRow(session: session, applicationID: applicationID, category: category, activity: activity)
        }
    }

    /// The session of `session` as the agent lists it, or nil.
    func row(of session: AudioSession) async throws -> SessionRow? {
        guard let id = session.agentSessionID else { return nil }
        return try await sessions().first { $0.session == id }
    }

    /// `ListStreams`: each stream's application name and the session the agent tied it to.
    func streamSessions() async throws -> [(application: String, session: String)] {
        let reply = try await observer.call(
            destination: AgentBusAddress.busName, path: BusObjectPath(stringLiteral: AgentBusAddress.objectPath),
            interface: AgentBusAddress.interface, method: "ListStreams")
        guard case .array(_, let rows) = reply[0] else { return [] }
        return rows.compactMap { row in
            guard case .structure(let fields) = row, fields.count == 9, case .string(let application) = fields[3],
                case .string(let session) = fields[4]
            else { return nil }
            return (application, session)
        }
    }

    /// A tone file of `seconds` in the server's directory.
    func tone(_ name: String, seconds: Double) throws -> String {
        try ToneFile.sine(frequency: 440, seconds: seconds, amplitude: 0.5, in: directory, name: "\(name).wav")
    }
}
