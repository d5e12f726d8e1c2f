import AudioSessionTesting
import Foundation
import Glibc

/// What each ``SoakAction`` does; each returns a short description for the round's line.
extension SoakRun {
    func perform(_ action: SoakAction) async throws -> String {
        switch action {
        case .session: return try startSession()
        case .legacyStream: return try startLegacyStream()
        case .plug: return try await togglePlug()
        case .killClient: return killClient()
        case .killAgent: return try await killAgent()
        case .reloadPolicy: return try await reloadPolicy()
        case .reloadBrokenPolicy: return try await reloadBrokenPolicy()
        case .restartServer: return try await restartServer()
        }
    }

    // MARK: Clients

    /// Session configurations the soak draws from: every category, with the modes it accepts.
    /// voice-chat and video-chat are left out: they load an echo canceller, whose code changes
    /// elsewhere and is soaked by its own tests; legacy phone streams still make calls.
    static let sessionModes: [(category: String, modes: [String])] = [
        ("ambient", ["default"]),
        ("solo-ambient", ["default"]),
        ("playback", ["default", "measurement", "movie-playback", "spoken-audio", "voice-prompt"]),
        ("record", ["default", "video-recording", "measurement"]),
        ("play-and-record", ["default", "game-chat", "video-recording", "measurement", "voice-prompt"]),
        ("multi-route", ["default"]),
    ]

    /// `audiosessionctl run` of a random configuration around a player (a recorder for record).
    func startSession() throws -> String {
        let (category, modes) = Self.sessionModes.randomElement(using: &random) ?? ("playback", ["default"])
        let mode = modes.randomElement(using: &random) ?? "default"
        var arguments = ["--category", category]
        if mode != "default" || Bool.random(using: &random) { arguments += ["--mode", mode] }
        if ["playback", "play-and-record", "multi-route"].contains(category) {
            for option in ["mix-with-others", "duck-others", "interrupt-spoken-audio-and-mix-with-others"]
            where Int.random(in: 0..<3, using: &random) == 0 {
                arguments += ["--option", option]
            }
        }
        if category == "play-and-record" && Int.random(in: 0..<4, using: &random) == 0 {
            arguments += ["--option", "default-to-speaker"]
        }
        clientCount += 1
        let name = "session-\(clientCount)"
        let command: [String]
        if category == "record" {
            // A client name of its own: the checks' recorders are parecs too, and must not start
            // from what the server saved for the round's recorders.
            command = ["timeout", "2", "parec", "-d", "mic", "--raw", "--client-name=soak-recorder", "--property=media.name=\(name)"]
        } else {
            command = player(name, role: nil)
        }
        clients.append(try rig.spawnCtl(["run"] + arguments + ["--"] + command))
        return "session \(arguments.filter { !$0.hasPrefix("--") }.joined(separator: " "))"
    }

    /// A paplay with media.role phone, music or event, as apps that never talk to the agent play.
    func startLegacyStream() throws -> String {
        let role = ["phone", "music", "event"].randomElement(using: &random) ?? "music"
        clientCount += 1
        let command = player("legacy-\(clientCount)", role: role)
        clients.append(try rig.server.spawn(command[0], Array(command.dropFirst())))
        return "legacy \(role)"
    }

    /// A paplay command of 1 to 3 s, on the headphones half the time they are plugged.
    func player(_ name: String, role: String?) -> [String] {
        var command = ["paplay", "--property=media.name=\(name)"]
        if let role { command.append("--property=media.role=\(role)") }
        if headphones != nil && Bool.random(using: &random) { command += ["-d", FakeDevice.headphones.name] }
        return command + [tones.randomElement(using: &random) ?? tones[0]]
    }

    /// SIGKILL of a client of the round, if it still runs: a run, or the player under it. The draws
    /// do not depend on which clients still run, so a seed replays the same actions.
    func killClient() -> String {
        let pick = Int.random(in: 0..<max(clients.count, 1), using: &random)
        let underRun = Bool.random(using: &random)
        guard clients.indices.contains(pick), clients[pick].isRunning else { return "kill-client (it had ended)" }
        let client = clients[pick]
        if client.command.contains("run"), underRun, let child = AgentRig.children(of: client.pid).first {
            // The player under run, which is ours too: run sees it die and ends the session.
            _ = Glibc.kill(child, SIGKILL)
            return "kill the player under run \(client.pid)"
        }
        client.kill()
        return "kill \(client.command.contains("run") ? "run" : "player") \(client.pid)"
    }

    // MARK: The agent

    /// SIGKILL of the agent while the round's clients play; after up to 2 s a new agent starts
    /// on the same journal and must undo what the dead one left.
    func killAgent() async throws -> String {
        let old = agent.pid
        agent.kill()
        _ = await agent.waitForExit()
        try await Task.sleep(for: .milliseconds(Int.random(in: 0...2000, using: &random)))
        agent = try await rig.startAgent(policy: nil)
        footprints.append(FootprintSeries(pid: agent.pid))
        return "kill -9 agent \(old), new agent \(agent.pid)"
    }

    static func fragmentDirectory(of rig: AgentRig) -> String {
        rig.configurationDirectory + "/audiosession/policy.d"
    }

    /// A valid fragment (another duck level; now and then the policy switched off, or on again),
    /// then SIGHUP; returns once the agent logged the reload and reports the switch.
    func reloadPolicy() async throws -> String {
        let level = [0.2, 0.3, 0.5].randomElement(using: &random) ?? 0.3
        let enabled = Int.random(in: 0..<5, using: &random) != 0
        let reloads = agent.standardError.occurrences(of: "policy reloaded")
        try "version = 1\nenabled = \(enabled)\n[ducking]\nlevel = \(level)\n".write(
            toFile: Self.fragmentDirectory(of: rig) + "/50-soak.toml", atomically: true, encoding: .utf8)
        agent.signal(SIGHUP)
        policyEnabled = enabled
        try await waitUntil("the agent reloads the policy", timeout: .seconds(15)) {
            guard agent.isRunning else { throw AgentRig.AgentExited(log: tail(agent.standardError)) }
            return agent.standardError.occurrences(of: "policy reloaded") > reloads
        }
        try await checkPolicyInForce()
        return "reload (level \(level)\(enabled ? "" : ", disabled"))"
    }

    /// A broken fragment, then SIGHUP: the agent must refuse it and keep the policy in force; the
    /// fragment is removed again (a user fixes the file).
    func reloadBrokenPolicy() async throws -> String {
        let broken = [
            ("out of range", "version = 1\n[ducking]\nlevel = 7\n"),
            ("syntax", "version = 1\n[ducking\nlevel = \n"),
            ("unknown category", "version = 1\n[roles.music]\ncategory = \"loud\"\n"),
        ].randomElement(using: &random) ?? ("syntax", "[")
        let refusals = agent.standardError.occurrences(of: "the policy was not reloaded")
        let path = Self.fragmentDirectory(of: rig) + "/60-soak-broken.toml"
        try broken.1.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        agent.signal(SIGHUP)
        try await waitUntil("the agent refuses the broken policy", timeout: .seconds(15)) {
            guard agent.isRunning else { throw AgentRig.AgentExited(log: tail(agent.standardError)) }
            return agent.standardError.occurrences(of: "the policy was not reloaded") > refusals
        }
        try await checkPolicyInForce()
        return "broken reload (\(broken.0))"
    }

    // MARK: Devices and the server

    /// Plugs the headphones in, or unplugs them while streams may play on them.
    func togglePlug() async throws -> String {
        if let plugged = headphones {
            headphones = nil
            bedMayBeHeld = true
            try await rig.server.unplug(plugged)
            return "unplug headphones"
        }
        headphones = try await rig.server.plug(.headphones)
        return "plug headphones"
    }

    /// Stops the sound server and starts it again: PulseAudio; pipewire-pulse alone or the whole
    /// PipeWire stack; the whole stack under the native agent. Devices plugged since the start
    /// are gone with it; the bed is started again by the checks.
    func restartServer() async throws -> String {
        let pause = Duration.milliseconds(Int.random(in: 0...1000, using: &random))
        let whole: Bool
        switch settings.setup {
        case .pulseMinimal, .pulseStock: whole = false
        case .pipewirePulse: whole = Bool.random(using: &random)
        case .pipewireNative: whole = true
        }
        if whole {
            try await rig.pipewire.haltStack()
            try await Task.sleep(for: pause)
            try await rig.pipewire.resumeStack()
        } else {
            try await rig.server.haltServerProcess()
            try await Task.sleep(for: pause)
            try await rig.server.resumeServerProcess()
        }
        headphones = nil
        return whole ? "restart PipeWire" : "restart \(rig.server.pulseProtocolProcessName)"
    }
}

extension String {
    /// How many times `part` occurs.
    func occurrences(of part: String) -> Int {
        components(separatedBy: part).count - 1
    }
}
