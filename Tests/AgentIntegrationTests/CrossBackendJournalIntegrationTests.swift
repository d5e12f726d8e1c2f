import AudioSessionTesting
import Foundation
import Glibc
import Testing

extension AgentIntegrationTests {
    /// The journal says which control a change used, so an agent of the other backend undoes
    /// what its protocol reaches: here the native agent finds, in its server instance's journal,
    /// what a pulse-protocol agent leaves after a duck and a mute when it is killed.
    @Suite("journal across backends")
    struct CrossBackendJournal {
        @Test("a pulse-protocol agent's ducked stream volume and mute are undone by the native agent")
        func nativeAgentUndoesPulseRecords() async throws {
            let rig = try await AgentRig.start(.pipewireNative)
            defer { rig.stop() }
            let music = try rig.play("music", try rig.tone("music", seconds: 60), role: "music")
            defer { music.kill() }
            try await rig.setVolume("music", 80)
            // A native agent's run leaves the journal file of this PipeWire instance, its header.
            let first = try await rig.startAgent()
            defer { first.kill() }
            #expect(await rig.stopAgent(first) == 0, "\(first.standardError)")
            let (path, header) = try #require(try rig.journalFile())

            // What a pulse-protocol agent shows and journals mid-duck from 80 % to the amplitude
            // 0.125 (40 % on pactl's cubic scale) and mid-silence, when it is killed.
            let stream = try await rig.waitForStream("music")
            try await rig.setVolume("music", 40)
            _ = try await rig.server.pactl("set-sink-input-mute", String(stream.index), "1")
            try await waitUntil("the music is muted") { try await rig.stream(named: "music")?.isMuted == true }
            let base = Array(repeating: "52429", count: stream.volumePercents.count).joined(separator: "/")
            try AgentRig.writeJournal(
                path, header: header,
                records: ["duck \(stream.index) volume=\(base) 0.125", "silence \(stream.index) mute false"])

            let second = try rig.spawnAgent()
            defer { second.kill() }
            try await rig.waitForVolume("music", 80)
            try await waitUntil("the music is unmuted") { try await rig.stream(named: "music")?.isMuted == false }
            try await rig.waitUntilAnswering(second)
            #expect(await rig.stopAgent(second) == 0, "\(second.standardError)")
        }
    }
}

extension AgentIntegrationTests.CrossBackendJournal {
    @Test("a native agent's node factor and Pause, which the pulse protocol cannot reach, are skipped with a warning and cleared")
    func pulseAgentSkipsNativeRecords() async throws {
        let rig = try await AgentRig.start(.pipewirePulse)
        defer { rig.stop() }
        let music = try rig.play("music", try rig.tone("music", seconds: 60), role: "music")
        defer { music.kill() }
        try await rig.setVolume("music", 80)
        let first = try await rig.startAgent()
        defer { first.kill() }
        #expect(await rig.stopAgent(first) == 0, "\(first.standardError)")
        let (path, header) = try #require(try rig.journalFile())
        let stream = try await rig.waitForStream("music")
        try AgentRig.writeJournal(
            path, header: header, records: ["duck \(stream.index) factor=1.0 0.3", "silence \(stream.index) pause"])

        let second = try rig.spawnAgent()
        defer { second.kill() }
        try await waitUntil("the journal holds nothing but its header") {
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") == [Substring(header)]
        }
        try await rig.waitUntilAnswering(second)
        #expect(await rig.stopAgent(second) == 0, "\(second.standardError)")
        let skipped = second.standardError.components(separatedBy: "not undoing a native PipeWire agent's change").count - 1
        #expect(skipped == 2, "\(second.standardError)")
        #expect(try await rig.stream(named: "music")?.volumePercents.allSatisfy { $0 == 80 } == true, "the user's volume is untouched")
    }
}
