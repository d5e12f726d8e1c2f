import AudioPolicy
import AudioSessionAgent
import AudioSessionTesting
import Foundation
import Testing

/// The agent on Debian's stock PulseAudio, whose default.pa loads module-role-cork: the policy's
/// `[server-modules]` table decides whether the agent takes the module's job over (unloaded while
/// it runs, journalled, loaded back with its argument) or leaves it in charge (the module stays and
/// the agent keeps off the streams of its roles). Who silenced the music shows on the server: the
/// module list, and the agent's journal, which holds a mute for every stream the agent mutes.
@Suite("Agent on real servers: server policy modules", .serialized)
struct ServerModuleTests {
    /// A ducking module loaded as an admin might, quotes and all: its argument must come back
    /// character for character.
    static let duckingArgument = #"trigger_roles=phone ducking_roles='music,video' volume="-15dB" global=1"#

    /// The fragment a user would drop into policy.d to leave role-cork to the server.
    static let leaveCork = """
        version = 1
        [server-modules]
        module-role-cork = "leave"
        """

    @Test("default policy: role-cork and role-ducking are unloaded while the agent runs, the agent silences, both come back")
    func defaultPolicyTakesOver() async throws {
        let pulse = try await PrivatePulseAudio.start(.stock)
        defer { pulse.stop() }
        let harness = AgentHarness(server: pulse)
        _ = try await pulse.pactl("load-module", "module-role-ducking", Self.duckingArgument)
        let before = try await Self.roleModules(pulse)
        #expect(before.map(\.name).sorted() == ["module-role-cork", "module-role-ducking"])
        #expect(before.contains { $0.name == "module-role-ducking" && $0.argument == Self.duckingArgument })

        let speaker = try await MonitorRecorder.start("speaker.monitor", in: pulse)
        defer { speaker.stop() }
        let music = try harness.playMusic()
        defer { music.kill() }
        let musicIndex = try await harness.waitForStream("music").index
        try await waitUntil("the music is heard") { try await speaker.rms(over: .milliseconds(200)) > 0.2 }

        let agent = try await harness.startAgent()
        try await waitUntil("the agent unloaded both role modules") { try await Self.roleModules(pulse).isEmpty }
        for module in before {
            #expect(agent.journal.pendingRestore(for: .module(name: module.name, argument: module.argument)) != nil)
        }

        let silence = try ToneFile.silence(seconds: 30, in: pulse.directory, name: "call.wav")
        let call = try pulse.spawn("paplay", ["--property=media.role=phone", "--property=media.name=call", silence])
        defer { call.kill() }
        _ = try await harness.waitForStream("call")
        try await waitUntil("the music is muted") { try await harness.stream(named: "music")?.isMuted == true }
        try await waitUntil("the speaker is silent") { try await speaker.rms(over: .milliseconds(200)) < 0.001 }
        // The agent muted it: its journal holds the mute (the module is gone, so nothing else could).
        #expect(agent.journal.pendingRestores.contains { restore in
            if case .silence(let serial, by: .mute(wasMuted: false)) = restore { serial.rawValue == UInt64(musicIndex) } else { false }
        })
        #expect(try await Self.explanation(of: musicIndex, in: agent)?.excludedBecause == nil)

        call.kill()
        _ = await call.waitForExit()
        try await waitUntil("the music is unmuted") { try await harness.stream(named: "music")?.isMuted == false }
        try await waitUntil("the music is heard again") { try await speaker.rms(over: .milliseconds(200)) > 0.2 }

        // Someone loads role-cork again while the agent runs (say, by replaying default.pa): the
        // policy takes it over too. (role-cork loads once per server, so a second instance with
        // another argument could not even be loaded next to the first.)
        _ = try await pulse.pactl("load-module", "module-role-cork")
        try await waitUntil("the agent unloaded it again") { try await Self.roleModules(pulse).isEmpty }

        await agent.shutdown()
        #expect(Self.settings(try await Self.roleModules(pulse)) == Self.settings(before), "each comes back once, with its argument")
        #expect(agent.journal.pendingRestores.isEmpty)
    }

    @Test("policy leaves role-cork: the module stays, the server silences the music and the agent keeps off it")
    func leftCorkSilencesThroughTheServer() async throws {
        let pulse = try await PrivatePulseAudio.start(.stock)
        defer { pulse.stop() }
        let harness = AgentHarness(server: pulse)
        let policy = try AgentHarness<PrivatePulseAudio>.defaultPolicy(withFragment: Self.leaveCork, in: pulse.directory)
        #expect(policy.serverModules.choice(forModuleNamed: "module-role-cork") == .leave)

        let speaker = try await MonitorRecorder.start("speaker.monitor", in: pulse)
        defer { speaker.stop() }
        let music = try harness.playMusic()
        defer { music.kill() }
        let musicIndex = try await harness.waitForStream("music").index
        try await waitUntil("the music is heard") { try await speaker.rms(over: .milliseconds(200)) > 0.2 }

        let agent = try await harness.startAgent(policy: policy)
        try await waitUntil("the agent leaves the music to role-cork") {
            try await Self.explanation(of: musicIndex, in: agent)?.excludedBecause == "left to the server: module-role-cork"
        }
        #expect(try await Self.roleModules(pulse).map(\.name) == ["module-role-cork"], "the module stays loaded")

        let silence = try ToneFile.silence(seconds: 30, in: pulse.directory, name: "call.wav")
        let call = try pulse.spawn("paplay", ["--property=media.role=phone", "--property=media.name=call", silence])
        defer { call.kill() }
        let callIndex = try await harness.waitForStream("call").index
        try await waitUntil("the server mutes the music") { try await harness.stream(named: "music")?.isMuted == true }
        try await waitUntil("the speaker is silent") { try await speaker.rms(over: .milliseconds(200)) < 0.001 }
        try await waitUntil("the agent sees the call, left to the server too") {
            try await Self.explanation(of: callIndex, in: agent)?.excludedBecause == "left to the server: module-role-cork"
        }
        // role-cork asked paplay to cork, and it did: the agent cannot cork another client's stream.
        try await waitUntil("the music player corked itself on the module's request") {
            try await harness.stream(named: "music")?.isCorked == true
        }
        #expect(AgentHarness<PrivatePulseAudio>.noStreamRestoresPending(agent), "the agent changed no stream")
        #expect(try await Self.explanation(of: musicIndex, in: agent)?.silencedBy.isEmpty == true)

        call.kill()
        _ = await call.waitForExit()
        try await waitUntil("the server unmutes the music") { try await harness.stream(named: "music")?.isMuted == false }
        try await waitUntil("the music is heard again") { try await speaker.rms(over: .milliseconds(200)) > 0.2 }
        #expect(AgentHarness<PrivatePulseAudio>.noStreamRestoresPending(agent))

        await agent.shutdown()
        #expect(try await Self.roleModules(pulse).map(\.name) == ["module-role-cork"], "still loaded, once")
        #expect(agent.journal.pendingRestores.isEmpty)
    }

    @Test("a new policy that leaves role-cork loads it back; one that takes it over unloads it again")
    func policyReplacementReplans() async throws {
        let pulse = try await PrivatePulseAudio.start(.stock)
        defer { pulse.stop() }
        let harness = AgentHarness(server: pulse)
        let takeOver = try AgentHarness<PrivatePulseAudio>.defaultPolicy
        let leave = try AgentHarness<PrivatePulseAudio>.defaultPolicy(withFragment: Self.leaveCork, in: pulse.directory)
        let cork = try #require(try await Self.roleModules(pulse).first)
        let corkKey = RestoreKey.module(name: cork.name, argument: cork.argument)

        let music = try harness.playMusic()
        defer { music.kill() }
        let musicIndex = try await harness.waitForStream("music").index
        let agent = try await harness.startAgent(policy: takeOver)
        try await waitUntil("role-cork is unloaded") { try await Self.roleModules(pulse).isEmpty }
        try await waitUntil("the music is the agent's") {
            let explanation = try await Self.explanation(of: musicIndex, in: agent)
            return explanation != nil && explanation?.excludedBecause == nil
        }
        #expect(agent.journal.pendingRestore(for: corkKey) != nil)

        // What SIGHUP does in audiosessiond: the new policy reaches the coordinator.
        agent.coordinator.handle(.policyReplaced(leave))
        try await waitUntil("role-cork is loaded again, with its argument") {
            try await Self.settings(Self.roleModules(pulse)) == Self.settings([cork])
        }
        try await waitUntil("its journal entry is cleared") { agent.journal.pendingRestore(for: corkKey) == nil }
        try await waitUntil("the music is left to role-cork") {
            try await Self.explanation(of: musicIndex, in: agent)?.excludedBecause == "left to the server: module-role-cork"
        }

        agent.coordinator.handle(.policyReplaced(takeOver))
        try await waitUntil("role-cork is unloaded again") { try await Self.roleModules(pulse).isEmpty }
        try await waitUntil("the music is the agent's again") {
            try await Self.explanation(of: musicIndex, in: agent)?.excludedBecause == nil
        }
        #expect(agent.journal.pendingRestore(for: corkKey) != nil)

        await agent.shutdown()
        #expect(Self.settings(try await Self.roleModules(pulse)) == Self.settings([cork]))
        #expect(agent.journal.pendingRestores.isEmpty)
    }

    @Test("after a crash, the next agent keeps doing a taken-over module's job, or loads it back at once if its policy leaves it")
    func crashedAgentsModules() async throws {
        let pulse = try await PrivatePulseAudio.start(.stock)
        defer { pulse.stop() }
        let harness = AgentHarness(server: pulse)
        let cork = try #require(try await Self.roleModules(pulse).first)
        let corkKey = RestoreKey.module(name: cork.name, argument: cork.argument)

        for survivorPolicy in [try AgentHarness<PrivatePulseAudio>.defaultPolicy, nil] {
            do {
                let crashing = try await harness.startAgent()
                try await waitUntil("role-cork is unloaded") { try await Self.roleModules(pulse).isEmpty }
                crashing.abandon()
            }
            #expect(try await Self.roleModules(pulse).isEmpty, "the crashed agent left role-cork unloaded")

            if let survivorPolicy {
                // The same policy: the next agent does the module's job while it runs and loads it at shutdown.
                let next = try await harness.startAgent(policy: survivorPolicy)
                #expect(next.journal.pendingRestore(for: corkKey) != nil)
                try await waitUntil("recovery has run") { !next.isRecoveryWaiting }
                #expect(try await Self.roleModules(pulse).isEmpty, "still the agent's job")
                await next.shutdown()
            } else {
                // A policy that leaves role-cork: it comes back as soon as the next agent starts.
                let leave = try AgentHarness<PrivatePulseAudio>.defaultPolicy(withFragment: Self.leaveCork, in: pulse.directory)
                let next = try await harness.startAgent(policy: leave)
                try await waitUntil("role-cork is loaded again while the agent runs") {
                    try await Self.settings(Self.roleModules(pulse)) == Self.settings([cork])
                }
                try await waitUntil("the journal is empty") { next.journal.pendingRestores.isEmpty }
                await next.shutdown()
            }
            #expect(Self.settings(try await Self.roleModules(pulse)) == Self.settings([cork]), "role-cork once, as it was")
        }
    }

    // MARK: Helpers

    /// module-role-cork and module-role-ducking as `pactl list modules` shows them.
    static func roleModules(_ pulse: PrivatePulseAudio) async throws -> [LoadedModule] {
        PactlListing.modules(try await pulse.tool("pactl", ["list", "modules"], extraEnvironment: ["LC_ALL": "C"]))
            .filter { $0.name == "module-role-cork" || $0.name == "module-role-ducking" }
    }

    /// Names and arguments, without the indices a reload changes.
    static func settings(_ modules: [LoadedModule]) -> [String] {
        modules.map { "\($0.name) \($0.argument)" }.sorted()
    }

    /// What the engine says about the sink input with this index (its id is `sink-input:INDEX@...`).
    static func explanation(of index: Int, in agent: PulseAgent) async throws -> StreamExplanation? {
        agent.coordinator.read { view in
            view.engine.streamIDs.first { $0.rawValue.hasPrefix("sink-input:\(index)@") }.flatMap(view.engine.explanation(of:))
        }
    }
}
