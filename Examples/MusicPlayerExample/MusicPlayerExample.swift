import ArgumentParser
import AudioSession
import ExampleSupport
import FoundationEssentials

/// A music player: a `playback` session that plays a WAV file, pauses when a call interrupts it
/// and resumes after, and pauses when its headphones are unplugged. Prints one line per event.
@main
struct MusicPlayerExample: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "music-player", abstract: "Plays a WAV file in a playback session; pauses and resumes as the session says.")

    @Argument(help: "The WAV file to play (16/32-bit PCM or 32-bit float).")
    var file: String

    @Option(help: "Extra passes after the first; -1 loops until killed.")
    var loops = 0

    @Option(help: "The application id policy rules match on.")
    var applicationID = "org.audiosession.examples.MusicPlayer"

    func run() async throws {
        let session = AudioSession(applicationID: applicationID)
        defer { session.close() }
        try session.setCategory(.playback)
        try await session.setActive(true)
        ExampleOutput.say("session active: playback")

        let player = try AudioPlayer(contentsOf: URL(filePath: file), session: session)
        defer { player.close() }
        player.numberOfLoops = loops
        let events = player.events
        try await player.play()
        ExampleOutput.say("playing \(URL(filePath: file).lastPathComponent)")

        events: for await event in events {
            switch event {
            case .pausedByInterruption: ExampleOutput.say("paused: interrupted")
            case .resumedAfterInterruption: ExampleOutput.say("resumed: the interruption ended")
            case .pausedForRouteChange: ExampleOutput.say("paused: the output device went away")
            case .finished:
                ExampleOutput.say("finished")
                break events
            case .stoppedByServer(let reason):
                ExampleOutput.say("stopped by the server: \(reason)")
            case .resumedAfterMediaServicesReset: ExampleOutput.say("resumed: the sound server is back")
            }
        }
        try await session.setActive(false, options: .notifyOthersOnDeactivation)
        ExampleOutput.say("session inactive")
    }
}
