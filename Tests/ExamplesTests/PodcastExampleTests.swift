import AudioSessionTesting
import Foundation
import Testing

/// The podcast example (`Examples/PodcastExample`, the podcast tutorial's app), built, against the
/// real agent: a navigation prompt that interrupts spoken audio pauses the episode (its stream
/// corked on the server) and the episode plays on after it; the episode then plays to its end.
@Suite(.serialized) struct PodcastExampleTests {
    static let podcast = "org.audiosession.examples.Podcast"

    @Test("the podcast pauses for a prompt that interrupts spoken audio and plays on after it", arguments: ExampleRig.Setup.thisMachine)
    func podcastPausesForAPrompt(setup: ExampleRig.Setup) async throws {
        let rig = try await ExampleRig.start(setup)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }
        // Long enough that what is left after the prompt plays for seconds even when the prompter
        // is slow to start: an 8 s episode could end before a loaded machine saw it uncorked.
        let podcast = try rig.example("PodcastExample", [try rig.tone("episode", seconds: 20)])
        defer { podcast.kill() }
        try await rig.waitForLine("playing episode.wav", from: podcast, agent: agent)
        do {
            try await waitUntil("the episode plays") { try await rig.stream(of: Self.podcast)?.isCorked == false }
        } catch {
            // Corked or absent, and what the app said: an interruption, or a stream not made yet.
            let stream = try? await rig.stream(of: Self.podcast)
            Issue.record("the episode's stream: \(stream.map { "\($0)" } ?? "none"); the app printed \(podcast.standardOutput.debugDescription), \(podcast.standardError.suffix(2_000).debugDescription)")
            throw error
        }

        let prompter = try rig.example("NavigationPrompterExample", ["--prompts", "1", "--chime-seconds", "1", "--interrupt-spoken-audio"])
        defer { prompter.kill() }
        try await rig.waitForLine("prompt 1: speaking", from: prompter, agent: agent)
        try await rig.waitForLine("paused: interrupted (default)", from: podcast, agent: agent)
        try await waitUntil("the episode's stream is corked") { try await rig.stream(of: Self.podcast)?.isCorked == true }
        try await rig.waitForLine("prompt 1: done, others notified", from: prompter, agent: agent)
        #expect(await prompter.waitForExit() == 0, "\(prompter.standardError)")
        try await rig.waitForLine("resumed: the interruption ended", from: podcast, agent: agent)
        try await waitUntil("the episode plays again", timeout: .seconds(30)) { try await rig.stream(of: Self.podcast)?.isCorked == false }
        try await rig.waitForLine("session inactive", from: podcast, agent: agent)
        #expect(await podcast.waitForExit() == 0, "\(podcast.standardError)")
        #expect(podcast.standardOutput.contains("finished"), "\(podcast.standardOutput)")
    }
}
