import ArgumentParser
import AudioSessionAgent
import Logging

/// `audiosessiond`: the per-user audio-session policy agent. Everything it does lives in
/// `AudioSessionAgent` (``AgentDaemon``); this command reads the flags and sets up logging.
@main
struct AudioSessionDaemon: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audiosessiond",
        abstract: "The per-user audio-session policy agent for PulseAudio and PipeWire.",
        discussion: """
            Finds the sound server like any client (PULSE_SERVER, client.conf, the user's socket; on native \
            PipeWire PIPEWIRE_REMOTE, else pipewire-0 in PIPEWIRE_RUNTIME_DIR or XDG_RUNTIME_DIR) and the \
            session bus through DBUS_SESSION_BUS_ADDRESS, and serves org.audiosession.Agent there. \
            SIGHUP reloads the policy (a bad one is refused and the old one kept); SIGTERM and SIGINT stop \
            the agent gracefully, undoing every change it made.
            """)

    @Option(
        help: """
            The sound-server protocol: pipewire (native, beside WirePlumber), pulse (PulseAudio, or PipeWire \
            through pipewire-pulse), or auto (pipewire when a PipeWire socket is found, else pulse).
            """)
    var backend: BackendChoice = .auto

    @Option(
        help: "A policy file to use alone, instead of the search order (XDG_CONFIG_HOME, XDG_CONFIG_DIRS, shipped default).",
        completion: .file(extensions: ["toml"]))
    var policy: String?

    @Option(name: .customLong("log-level"), help: "How much to log: trace, debug, info, notice, warning, error, critical.")
    var logLevel: LogLevelChoice = .info

    func validate() throws {
        do {
            _ = try AgentBackend.resolve(backend.rawValue)
        } catch {
            throw ValidationError(error.message)
        }
        if policy?.isEmpty == true { throw ValidationError("--policy needs a file name") }
    }

    func run() async throws {
        let level = logLevel.level
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "org.audiosession.agent")
        do {
            let daemon = try await AgentDaemon.start(
                AgentDaemonConfiguration(
                    backend: try AgentBackend.resolve(backend.rawValue),
                    policy: PolicySource.forThisProcess(explicitFile: policy),
                    systemBusAddress: AgentDaemonConfiguration.systemBusAddressOfThisProcess(),
                    logger: logger))
            try await daemon.run()
        } catch {
            // Refusals to start and the sound server going away end the agent with one clear line.
            StandardError.print("audiosessiond: \(error)")
            throw ExitCode.failure
        }
    }
}
