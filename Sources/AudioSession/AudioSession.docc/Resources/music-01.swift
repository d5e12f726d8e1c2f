import ArgumentParser
import AudioSession
import ExampleSupport
import FoundationEssentials

/// A music player: a `playback` session that plays a WAV file, pauses when a call interrupts it
/// and resumes after, and pauses when its headphones are unplugged. It publishes itself as an
/// MPRIS player, so media keys, the headset's button, the shell and `playerctl` pause and play
/// it. Prints one line per event.
@main
struct MusicPlayerExample: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "music-player", abstract: "Plays a WAV file in a playback session; pauses and resumes as the session says.")

    @Argument(help: "The WAV file to play (16/32-bit PCM or 32-bit float).")
    var file: String

    @Option(help: "Extra passes after the first; -1 loops until killed.")
    var loops = 0

    func run() async throws {
        let session = AudioSession(applicationID: applicationID)
        defer { session.close() }
        try session.setCategory(.playback)
        try await session.setActive(true)
        ExampleOutput.say("session active: playback")
    }
}
