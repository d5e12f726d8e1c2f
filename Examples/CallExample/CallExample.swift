import ArgumentParser
import AudioSession
import ExampleSupport
import FoundationEssentials

/// A call: a `play-and-record` session in `voice-chat` mode. It plays the far end (a tone here)
/// and records the microphone for a while, then hangs up and deactivates with notify-others, so
/// interrupted apps may resume. Prints one line per event.
@main
struct CallExample: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call", abstract: "Plays and records like a voice call, interrupting other audio.")

    @Option(help: "How long the call lasts, in seconds.")
    var seconds = 5.0

    @Option(help: "Write the recorded microphone to this WAV file.")
    var recording: String?

    @Option(help: "The source to record; the default input if not given.")
    var input: String?

    @Option(help: "The application id policy rules match on.")
    var applicationID = "org.audiosession.examples.Call"

    func run() async throws {
        let session = AudioSession(applicationID: applicationID)
        defer { session.close() }
        try session.setCategory(.playAndRecord, mode: .voiceChat)
        try await session.setActive(true)
        ExampleOutput.say("call started")

        let (voice, format) = SineTone.pcm(frequencies: [330, 0], seconds: 0.5)
        let farEnd = try AudioPlayer(pcm: voice, format: format, name: "Far end", session: session)
        defer { farEnd.close() }
        farEnd.numberOfLoops = -1
        let microphone = AudioRecorder(
            url: recording.map { URL(filePath: $0) }, format: PCMFormat(encoding: .int16, sampleRate: 48_000, channels: 1),
            device: input, session: session)
        defer { microphone.close() }
        try await farEnd.play()
        try await microphone.record()
        ExampleOutput.say("playing the far end, recording the microphone")

        try await Task.sleep(for: .seconds(seconds))
        farEnd.stop()
        let recorded = try microphone.stop()
        ExampleOutput.say("recorded \(recorded.duration.components.seconds) s")
        try await session.setActive(false, options: .notifyOthersOnDeactivation)
        ExampleOutput.say("call ended")
    }
}
