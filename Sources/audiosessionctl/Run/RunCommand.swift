import AudioSessionContract
import AudioPolicy
import ArgumentParser
import AudioSessionBus
import AudioSessionModel

/// `audiosessionctl run [options] -- CMD [ARGS]`: wraps a program that does not link the library
/// in a session of its own.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a command inside an audio session: registered, configured and activated for it.",
        discussion: """
            The session is registered on the agent, configured and activated before CMD starts. \
            If activation is refused (a higher-ranked session such as a call holds the audio), \
            the agent's reason is printed and CMD is not run. Otherwise CMD runs with \
            audiosession.token=<token> added to PULSE_PROP and PIPEWIRE_PROPS, so its streams \
            belong to the session (a bearer token: any client carrying it joins this session \
            and no other). SIGINT and SIGTERM are forwarded to CMD. When CMD ends, the \
            session is deactivated (telling the sessions it interrupted that they may resume, \
            unless --no-notify-others) and unregistered.

            Exit status: CMD's own status, or 128+N when a signal N killed it; \
            64 for a usage error (an unknown category, mode or option, an invalid combination, \
            no CMD); 69 when audiosessiond is not running or the session bus cannot be reached; \
            70 when the agent answers with an unexpected error; 75 when activation is refused; \
            126 when CMD cannot be executed; 127 when CMD is not found.
            """)

    @Option(help: "The session's category.")
    var category: Category = .playback

    @Option(help: "The session's mode.")
    var mode: Mode = .default

    @Option(name: .customLong("option"), help: "A category option; repeat for several.")
    var options: [CategoryOption] = []

    @Option(
        name: .customLong("prefer"),
        help: ArgumentHelp(
            "A session preference to turn on before activation; repeat for several.",
            discussion: "interruption-on-route-disconnect (interrupted while a device of the route is gone), "
                + "no-interruptions-from-system-alerts, system-sounds-during-recording; the policy may ignore each."))
    var preferences: [SessionPreference] = []

    @Flag(
        inversion: .prefixedNo,
        help: "When CMD ends, tell the sessions it interrupted that they may resume.")
    var notifyOthers = true

    @Option(name: .customLong("app-id"), help: "The application id to declare (matched by policy [[app]] rules).")
    var applicationID: String?

    @Flag(help: "Do not print interruptions of the session to standard error.")
    var quiet = false

    @OptionGroup var agent: AgentOptions

    @Argument(parsing: .postTerminator, help: ArgumentHelp("The command to run, after `--`.", valueName: "command"))
    var command: [String] = []

    /// The configuration the options declare, checked by the model's validity rules.
    var configuration: SessionConfiguration {
        get throws { try SessionConfiguration(category: category, mode: mode, options: CategoryOptions(options)) }
    }

    func validate() throws {
        guard !command.isEmpty else {
            throw ValidationError("no command to run; give it after `--`, as in `audiosessionctl run -- paplay music.wav`")
        }
        do {
            _ = try configuration
        } catch {
            throw ValidationError("\(error)")
        }
        if let applicationID, applicationID.utf8.count > 255 || applicationID.contains(where: \.isControlCharacter) {
            throw ValidationError("--app-id takes at most 255 bytes without control characters")
        }
    }

    func run() async throws {
        do {
            let status = try await runInSession()
            if status != 0 { throw ExitCode(status) }
        } catch let failure as CtlFailure {
            throw failure.report()
        }
    }

    /// Registers, configures and activates the session, runs the command, then ends the session;
    /// returns the command's exit status.
    private func runInSession() async throws -> Int32 {
        let client = try agent.connect()
        defer { client.close() }
        // Subscribed before registering, so no interruption of the new session is missed.
        let interruptions = try await client.sessionSignals()
        let (session, token) = try await client.registerSession(applicationID: applicationID)
        do {
            try await client.setConfiguration(session, try configuration)
            for preference in preferences { try await client.setSessionPreference(session, preference, true) }
            try await client.activate(session)
        } catch let failure as CtlFailure {
            try? await client.unregisterSession(session)
            throw failure
        }
        let signals = TerminationSignals()
        let child: SpawnedCommand
        do {
            child = try SpawnedCommand.spawn(
                command, environment: SessionTokenEnvironment.tagging(ProcessEnvironment.current, token: token))
        } catch {
            try? await client.deactivate(session, notifyOthers: notifyOthers)
            try? await client.unregisterSession(session)
            throw error
        }
        let termination = await withTaskGroup(of: CommandTermination?.self) { group in
            group.addTask { await child.waitForExit() }
            group.addTask {
                for await number in signals { child.send(number) }
                return nil
            }
            if !quiet {
                group.addTask {
                    for await signal in interruptions {
                        Self.report(signal, session: session)
                    }
                    return nil
                }
            }
            var result = CommandTermination.exited(0)
            for await finished in group {
                if let finished {
                    result = finished
                    break
                }
            }
            group.cancelAll()
            return result
        }
        // The agent ends the session when this connection closes in any case; deactivating first
        // lets the tool choose notify-others. CMD has run, so its status stands even when the
        // agent went away meanwhile: that is only worth a warning.
        do {
            try await client.deactivate(session, notifyOthers: notifyOthers)
            try await client.unregisterSession(session)
        } catch {
            StandardError.print("audiosessionctl: warning: could not end session \(session): \(UntrustedText.displayable(error.message))")
        }
        return termination.exitStatus
    }

    private static func report(_ signal: BusSignal, session: String) {
        guard (try? signal.arguments.decode(String.self, at: 0)) == session else { return }
        let event = AgentEvent(signal)
        switch event.kind {
        case "interruption-began", "interruption-ended", "route-changed":
            StandardError.print("audiosessionctl: \(event.textLine)")
        default:
            break
        }
    }
}

extension Character {
    fileprivate var isControlCharacter: Bool {
        unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }
}
