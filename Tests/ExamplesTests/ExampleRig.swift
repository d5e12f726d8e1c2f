import AudioSessionTesting
import Foundation
import Testing

/// A private sound server and session bus with the BUILT `audiosessiond` on them, and the built
/// example binaries run against them as a user would run them, their output read line by line.
struct ExampleRig: Sendable {
    /// The servers the example tests run on.
    enum Setup: String, Sendable, CustomStringConvertible {
        case pulseaudio = "PulseAudio (minimal)"
        case pipewire = "pipewire-pulse"
        /// Debian 13's PipeWire 1.4 with WirePlumber 0.5 and pipewire-pulse, from the root
        /// `scripts/make-root --sound-stack` makes; the agent and the example run inside that
        /// root, against its libpulse and libdbus, as its users run them.
        case pipewireDebian13 = "pipewire-pulse 1.4 (Debian 13, run inside its root)"

        var description: String { rawValue }

        /// This machine's servers: what every example test runs on.
        static let thisMachine: [Setup] = [.pulseaudio, .pipewire]
        /// This machine's servers and Debian 13's: for the examples built here (the Swift ones
        /// and the C library's). The Python and GLib examples need packages the root has not.
        static let withDebian13: [Setup] = thisMachine + [.pipewireDebian13]

        func start() async throws -> any PulseProtocolServer {
            switch self {
            case .pulseaudio: try await PrivatePulseAudio.start(.minimal)
            case .pipewire: try await PrivatePipeWire.start()
            case .pipewireDebian13: try await PrivatePipeWire.start(root: try await SoundStackRoot.debian13())
            }
        }
    }

    let server: any PulseProtocolServer
    let bus: PrivateDBus

    static func start(_ setup: Setup) async throws -> ExampleRig {
        let server = try await setup.start()
        do {
            return ExampleRig(server: server, bus: try await PrivateDBus.start())
        } catch {
            server.stop()
            throw error
        }
    }

    func stop() {
        bus.stop()
        server.stop()
    }

    var directory: String { server.directory }

    /// Where SwiftPM put the built binaries: beside the test bundle.
    static var productsDirectory: URL {
        let testBinary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        return URL(fileURLWithPath: testBinary).deletingLastPathComponent()
    }

    static var packageRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    /// The environment of a desktop app on this rig: its sound server and its session bus only.
    var environment: [String: String] {
        var environment = server.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        environment["PATH"] = "/usr/bin:/bin"
        environment["XDG_CONFIG_DIRS"] = directory + "/no-system-config"
        return environment
    }

    /// `command` as the rig runs it: inside the stack's root when the server runs in one (the
    /// bus's directory bound there too), else as it is.
    func runnable(_ command: [String]) -> [String] {
        (server as? PrivatePipeWire)?.commandInside(command, alsoBinding: [bus.directory]) ?? command
    }

    /// Starts `audiosessiond` with the shipped policy; returns once it owns its bus name.
    func startAgent() async throws -> ChildProcess {
        let agent = try ChildProcess(
            runnable([
                Self.productsDirectory.appendingPathComponent("audiosessiond").path, "--backend", "pulse", "--policy",
                Self.packageRoot + "/policies/default.toml", "--log-level", "debug",
            ]),
            environment: environment, outputDirectory: directory)
        do {
            try await waitUntil("audiosessiond owns its bus name", timeout: .seconds(30)) {
                guard agent.isRunning else { throw ExampleExited(name: "audiosessiond", log: agent.standardError) }
                let result = try await bus.run(
                    "dbus-send",
                    ["--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                     "org.freedesktop.DBus.GetNameOwner", "string:org.audiosession.Agent"],
                    extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
                return result.succeeded
            }
        } catch {
            agent.kill()
            throw error
        }
        return agent
    }

    /// Runs an example binary (`MusicPlayerExample`, ...) with `arguments`.
    func example(_ name: String, _ arguments: [String]) throws -> ChildProcess {
        try ChildProcess(
            runnable([Self.productsDirectory.appendingPathComponent(name).path] + arguments), environment: environment,
            outputDirectory: directory)
    }

    /// Waits until `process` has printed a line containing `text`; fails early if it exits first.
    /// On a timeout the process's output and the agent's log (when given) go into the test's issues.
    func waitForLine(
        _ text: String, from process: ChildProcess, agent: ChildProcess? = nil, timeout: Duration = .seconds(30)
    ) async throws {
        do {
            try await waitUntil("\(process.command[0].split(separator: "/").last ?? "") prints \"\(text)\"", timeout: timeout) {
                if process.standardOutput.split(separator: "\n").contains(where: { $0.contains(text) }) { return true }
                guard process.isRunning else {
                    throw ExampleExited(name: process.command[0], log: process.standardOutput + process.standardError)
                }
                return false
            }
        } catch {
            Issue.record("\(process.command[0]) printed:\n\(process.standardOutput)\n\(process.standardError.suffix(4000))")
            if let agent {
                let state = agent.isRunning ? "still runs" : "has ended with status \(await agent.waitForExit())"
                Issue.record("audiosessiond \(state); it logged:\n\(agent.standardError.suffix(12000))")
            }
            throw error
        }
    }

    /// The sink input of the app with `applicationID`, as pactl lists it.
    func stream(of applicationID: String) async throws -> PulseSinkInput? {
        try await server.sinkInputs().first { $0.properties["application.id"] == applicationID }
    }

    /// A tone file in the rig's directory.
    func tone(_ name: String, seconds: Double, frequency: Double = 440) throws -> String {
        try ToneFile.sine(frequency: frequency, seconds: seconds, amplitude: 0.5, in: directory, name: "\(name).wav")
    }

    struct ExampleExited: Error, CustomStringConvertible {
        var name: String
        var log: String
        var description: String { "\(name) exited: \(log)" }
    }
}
