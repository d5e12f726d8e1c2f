import ArgumentParser
import AudioSession
import ExampleSupport
import FoundationEssentials

/// A podcast player: a `playback` session in `spoken-audio` mode that streams an episode (a WAV
/// file read in chunks, as a download arrives) through an ``AudioStreamPlayer``. A navigation
/// prompt that interrupts spoken audio pauses it rather than talking over it; when the prompt is
/// done the episode goes on where it stopped. Prints one line per event; the podcast tutorial
/// builds it step by step.
@main
struct PodcastExample: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "podcast", abstract: "Streams a spoken-audio episode; pauses for prompts that interrupt speech.")

    @Argument(help: "The episode, a WAV file (16/32-bit PCM or 32-bit float).")
    var file: String

    @Option(help: "The application id policy rules match on.")
    var applicationID = "org.audiosession.examples.Podcast"

    func run() async throws {
        // Speech: prompts that interrupt spoken audio pause it instead of ducking it.
        let session = AudioSession(applicationID: applicationID)
        defer { session.close() }
        try session.setCategory(.playback, mode: .spokenAudio)
        try await session.setActive(true)
        ExampleOutput.say("session active: playback, spoken-audio")

        let episode = try WAVFile(contentsOf: file)
        let player = try AudioStreamPlayer(format: episode.format, name: "Podcast", session: session)
        defer { player.close() }
        player.resumesAfterInterruption = false   // the app resumes below, after re-activating
        let interruptions = Task { await Self.pause(on: session.interruptions, session: session, player: player) }
        defer { interruptions.cancel() }
        let events = player.events

        ExampleOutput.say("playing \(URL(filePath: file).lastPathComponent)")
        // Returns once the last chunk is queued, half a second before the episode's end.
        try await player.play(Self.download(episode))
        for await event in events {
            if case .finished = event { break }
            if case .pausedForRouteChange = event { ExampleOutput.say("paused: the output device went away") }
        }
        ExampleOutput.say("finished")
        try await session.setActive(false, options: .notifyOthersOnDeactivation)
        ExampleOutput.say("session inactive")
    }

    /// The episode as it downloads: 100 ms chunks.
    static func download(_ episode: WAVFile) -> AsyncStream<[UInt8]> {
        let chunkBytes = Int(episode.format.sampleRate) / 10 * episode.format.bytesPerFrame
        return AsyncStream { continuation in
            for start in stride(from: 0, to: episode.data.count, by: chunkBytes) {
                continuation.yield(Array(episode.data[start..<min(start + chunkBytes, episode.data.count)]))
            }
            continuation.finish()
        }
    }

    /// Says when speech is interrupted (the player paused by itself) and plays on when it may.
    static func pause(on interruptions: InterruptionEvents, session: AudioSession, player: AudioStreamPlayer) async {
        for await interruption in interruptions {
            switch interruption {
            case .began(let reason):
                ExampleOutput.say("paused: interrupted (\(reason.rawValue))")
            case .ended(let options) where options.contains(.shouldResume):
                do {
                    try await session.setActive(true)
                    try await player.play()
                    ExampleOutput.say("resumed: the interruption ended")
                } catch {
                    ExampleOutput.say("cannot resume: \(error)")
                }
            case .ended:
                ExampleOutput.say("interruption ended: staying paused")
            }
        }
    }
}
