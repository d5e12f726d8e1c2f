import AudioPolicy
import AudioSessionTesting
import Foundation
import Testing

@testable import AudioSessionAgent

/// The planner's unload and reload plan carried out with pactl on a real PulseAudio running
/// Debian's stock default.pa; the real agent will do the same through libpulse.
@Suite("Server modules on a real stock PulseAudio", .serialized)
struct StockServerModulesTests {
    /// A ducking module loaded the way an admin might, with quotes in its argument, so that the
    /// argument really has to come back character for character.
    static let duckingArgument = #"trigger_roles=phone ducking_roles='music,video' volume="-15dB" global=1"#

    static func modules(_ pulse: PrivatePulseAudio) async throws -> [LoadedModule] {
        PactlListing.modules(try await pulse.tool("pactl", ["list", "modules"], extraEnvironment: ["LC_ALL": "C"]))
    }

    static func musicMuted(_ pulse: PrivatePulseAudio) async throws -> Bool? {
        PactlListing.isMuted(
            role: "music",
            sinkInputs: try await pulse.tool("pactl", ["list", "sink-inputs"], extraEnvironment: ["LC_ALL": "C"]))
    }

    static func shippedDefaultPolicy() throws -> Policy {
        var repository = #filePath
        for _ in 0..<4 { repository = String(repository[..<(repository.lastIndex(of: "/") ?? repository.endIndex)]) }
        let shipped = repository + "/policies/default.toml"
        let loader = PolicyLoader(
            fileSystem: LocalPolicyFileSystem(), searchPath: PolicySearchPath(environment: [:], shippedPolicy: shipped))
        return try loader.load(explicitFile: shipped).policy
    }

    @Test("module-role-cork is found with its real arguments, unloaded as journalled and loaded back as it was")
    func takeOverAndLoadBack() async throws {
        let pulse = try await PrivatePulseAudio.start(.stock)
        defer { pulse.stop() }
        _ = try await pulse.pactl("load-module", "module-role-ducking", Self.duckingArgument)

        let before = try await Self.modules(pulse)
        let cork = try #require(before.first { $0.name == "module-role-cork" })
        #expect(cork.argument == "")  // default.pa loads it bare: the module's defaults apply
        let ducking = try #require(before.first { $0.name == "module-role-ducking" })
        #expect(ducking.argument == Self.duckingArgument)

        // Left to the server, the stock cork module keeps phone, music and video.
        let left = ServerModulePlanner.plan(loaded: before, policy: Policy.ServerModules())
        #expect(left.moduleHandling(role: "phone") == "module-role-cork")
        #expect(left.moduleHandling(role: "music") == "module-role-cork")
        #expect(left.problems.isEmpty)

        // The shipped desktop policy takes both role modules over and leaves the rest.
        let plan = ServerModulePlanner.plan(loaded: before, policy: try Self.shippedDefaultPolicy().serverModules)
        #expect(plan.unloads.map(\.module) == [cork, ducking])
        #expect(plan.left.map(\.module.name) == ["module-switch-on-port-available", "module-intended-roles"])

        let music = try ToneFile.sine(frequency: 440, seconds: 30, in: pulse.directory)
        let ring = try ToneFile.silence(seconds: 30, in: pulse.directory)

        try await JournalTemporaryDirectory.withAsync { temporary in
            let instance = "pulse:" + pulse.serverAddress
            do {
                let journal = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
                for action in plan.actions {
                    switch action {
                    case .journal(let entry): try journal.record(entry)
                    case .unload(let index, _): _ = try await pulse.pactl("unload-module", String(index))
                    }
                }
            }  // this agent goes away without loading them back: the next one must

            let during = try await Self.modules(pulse)
            #expect(!during.contains { $0.name == "module-role-cork" || $0.name == "module-role-ducking" })
            // Control: with the module gone, a phone stream no longer mutes music.
            try await Self.playMusicAndRing(pulse, music: music, ring: ring) { muted in #expect(muted == false) }

            let next = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
            let restore = ServerModulePlanner.restorePlan(pending: next.pendingRestores, loaded: during)
            #expect(restore.alreadyLoaded.isEmpty)
            #expect(
                restore.reloads == [
                    ModuleReload(name: "module-role-cork", argument: ""),
                    ModuleReload(name: "module-role-ducking", argument: Self.duckingArgument),
                ])
            for reload in restore.reloads {
                let argument = reload.argument.isEmpty ? [] : [reload.argument]
                _ = try await pulse.tool("pactl", ["load-module", reload.name] + argument)
                try next.clear(reload.journalKey)
            }
            #expect(next.pendingRestores.isEmpty)

            let after = try await Self.modules(pulse)
            let roleModules = after.filter { $0.name.hasPrefix("module-role-") }.map { [$0.name, $0.argument] }
            #expect(roleModules == [["module-role-cork", ""], ["module-role-ducking", Self.duckingArgument]])
            // Loaded back, the cork module does its job again: a phone stream mutes music.
            try await Self.playMusicAndRing(pulse, music: music, ring: ring) { muted in #expect(muted == true) }
            // And a second restore from the same journal lines loads nothing twice.
            let again = ServerModulePlanner.restorePlan(
                pending: restore.reloads.map { .module(name: $0.name, argument: $0.argument) }, loaded: after)
            #expect(again.reloads.isEmpty)
            #expect(again.alreadyLoaded.count == 2)
        }
    }

    /// Plays a music stream, then a phone stream, and hands the music stream's mute state (once
    /// the phone stream is on the server, when role-cork has acted if it is loaded) to `check`.
    static func playMusicAndRing(
        _ pulse: PrivatePulseAudio, music: String, ring: String, check: (Bool?) -> Void
    ) async throws {
        try await waitUntil("the streams of an earlier round are gone") {
            try await pulse.tool("pactl", ["list", "short", "sink-inputs"]).isEmpty
        }
        let player = try pulse.spawn("paplay", ["--property=media.role=music", music])
        defer { player.kill() }
        try await waitUntil("the music stream is on the server") { try await musicMuted(pulse) == false }
        let phone = try pulse.spawn("paplay", ["--property=media.role=phone", ring])
        defer { phone.kill() }
        try await waitUntil("the phone stream is on the server") {
            try await pulse.tool("pactl", ["list", "sink-inputs"], extraEnvironment: ["LC_ALL": "C"])
                .contains("media.role = \"phone\"")
        }
        check(try await musicMuted(pulse))
    }
}
