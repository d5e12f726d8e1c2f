import ArgumentParser
import AudioSession
import ExampleSupport

/// A game with a soundtrack: an `ambient` session that mixes with others and follows the
/// secondary-audio hint: while another app's primary audio (music) plays, the soundtrack is
/// silent; when it stops, the soundtrack comes back. Prints one line per event.
@main
struct GameExample: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "game", abstract: "Plays a soundtrack that goes quiet while other apps' music plays.")

    @Option(help: "How long the game runs, in seconds.")
    var seconds = 30.0

    @Option(help: "The application id policy rules match on.")
    var applicationID = "org.audiosession.examples.Game"

    func run() async throws {
        let session = AudioSession(applicationID: applicationID)
        defer { session.close() }
        try session.setCategory(.ambient)
        let hints = session.silenceSecondaryAudioHints
        try await session.setActive(true)
        ExampleOutput.say("session active: ambient")

        let (music, format) = SineTone.pcm(frequencies: [220, 277, 330], seconds: 0.4, amplitude: 0.3)
        let soundtrack = try AudioPlayer(pcm: music, format: format, name: "Soundtrack", session: session)
        defer { soundtrack.close() }
        soundtrack.numberOfLoops = -1
        if session.secondaryAudioShouldBeSilencedHint {
            ExampleOutput.say("soundtrack silenced: other audio is playing")
        } else {
            try await soundtrack.play()
            ExampleOutput.say("soundtrack playing")
        }

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await hint in hints {
                    switch hint {
                    case .begin:
                        await soundtrack.pause()
                        ExampleOutput.say("soundtrack silenced: secondary audio hint")
                    case .end:
                        try await soundtrack.play()
                        ExampleOutput.say("soundtrack back: the hint ended")
                    }
                }
            }
            group.addTask { try await Task.sleep(for: .seconds(seconds)) }
            try await group.next()
            group.cancelAll()
        }
        ExampleOutput.say("game over")
    }
}
