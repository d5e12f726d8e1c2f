import ArgumentParser
import AudioSession
import ExampleSupport
import Foundation

/// A navigation prompter: a `playback` session in `voice-prompt` mode with `duck-others`. For
/// each prompt it activates (others are lowered), speaks, and deactivates with notify-others
/// (others come back). Prints one line per event.
@main
struct NavigationPrompterExample: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navigation-prompter", abstract: "Speaks prompts that duck other audio while they play.")

    @Option(help: "How many prompts to speak.")
    var prompts = 3

    @Option(help: "Seconds of quiet between prompts.")
    var interval = 1.0

    @Option(help: "Say this with espeak-ng; without it each prompt is a chime.")
    var speech: String?

    @Option(help: "Seconds of each chime note (two notes per chime).")
    var chimeSeconds = 0.75

    @Flag(help: "Pause spoken audio (a podcast) while prompting, instead of ducking it.")
    var interruptSpokenAudio = false

    @Option(help: "The application id policy rules match on.")
    var applicationID = "org.audiosession.examples.Navigation"

    func run() async throws {
        let session = AudioSession(applicationID: applicationID)
        defer { session.close() }
        try session.setCategory(
            .playback, mode: .voicePrompt, options: interruptSpokenAudio ? [.duckOthers, .interruptSpokenAudioAndMixWithOthers] : [.duckOthers])
        let prompt = try makePrompt(session)
        defer { prompt.close() }

        for number in 1...max(1, prompts) {
            try await session.setActive(true)
            let events = prompt.events
            try await prompt.play()
            ExampleOutput.say("prompt \(number): speaking")
            for await event in events {
                if case .finished = event { break }
                if case .stoppedByServer(let reason) = event {
                    ExampleOutput.say("prompt \(number): stopped by the server: \(reason)")
                    break
                }
            }
            try await session.setActive(false, options: .notifyOthersOnDeactivation)
            ExampleOutput.say("prompt \(number): done, others notified")
            if number < prompts { try await Task.sleep(for: .seconds(interval)) }
        }
    }

    /// The prompt: espeak-ng's speech as a WAV file, or a two-note chime made here.
    private func makePrompt(_ session: AudioSession) throws -> AudioPlayer {
        guard let speech else {
            let (pcm, format) = SineTone.pcm(frequencies: [660, 880], seconds: chimeSeconds)
            return try AudioPlayer(pcm: pcm, format: format, name: "Navigation prompt", session: session)
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("prompter-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("prompt.wav")
        let espeak = Process()
        espeak.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        espeak.arguments = ["espeak-ng", "-w", file.path, speech]
        try espeak.run()
        espeak.waitUntilExit()
        guard espeak.terminationStatus == 0 else { throw ValidationError("espeak-ng failed with status \(espeak.terminationStatus)") }
        // The player reads the whole file now, so the directory can go.
        return try AudioPlayer(contentsOf: file, session: session)
    }
}
