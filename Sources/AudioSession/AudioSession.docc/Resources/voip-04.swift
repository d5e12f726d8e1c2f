import ArgumentParser
import AudioSession
import ExampleSupport
import FoundationEssentials

/// A VoIP call on the library alone (no sound-server module): it rings on the speaker, answers,
/// streams the far end in and the microphone out, mutes and turns the speaker on at the user's
/// press, holds the call while another call interrupts it and takes it back after, and says
/// when and why the route changes. Prints one line per event; the VoIP tutorial builds it step
/// by step.
@main
struct VoIPExample: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "voip-call",
        abstract: "A VoIP call: ringtone, far end in, microphone out, mute, speaker, hold on interruption.",
        discussion: "Buttons: kill -USR1 mutes or unmutes, kill -USR2 turns the speaker on or off, Ctrl-C hangs up.")

    @Option(help: "How long the phone rings before the call is answered, in seconds; 0 answers at once.")
    var ringSeconds = 1.0
    @Option(help: "The application id policy rules match on.")
    var applicationID = "org.audiosession.examples.VoIP"

    func run() async throws {
        // A call: play-and-record in voice-chat mode, Bluetooth headsets in their headset profile.
        let session = AudioSession(applicationID: applicationID)
        defer { session.close() }
        await session.waitUntilReady()
        try session.setCategory(.playAndRecord, mode: .voiceChat, options: [.allowBluetoothHFP])
        if await session.isEchoCancelledInputAvailable {
            try await session.setPrefersEchoCancelledInput(true)
        }
        try await session.setActive(true)
        ExampleOutput.say("session active: play-and-record, voice-chat")
        try await Self.ring(for: ringSeconds, session: session)
        ExampleOutput.say("answered")
        switch await session.inputProcessing() {
        case .echoCancellation(let canceller): ExampleOutput.say("echo cancellation: \(canceller)")
        case .none: ExampleOutput.say("echo cancellation: none")
        }
    }

    /// Rings on the built-in speaker (even with a headset plugged in) until the call is answered.
    static func ring(for seconds: Double, session: AudioSession) async throws {
        guard seconds > 0 else { return }
        let (tone, format) = SineTone.pcm(frequencies: [440, 480, 0, 0], seconds: 0.4)
        let ringtone = try AudioPlayer(pcm: tone, format: format, name: "Ringtone", session: session)
        defer { ringtone.close() }
        ringtone.numberOfLoops = -1
        do {
            try session.overrideOutputAudioPort(.speaker)
        } catch {
            ExampleOutput.say("ringing on the current route: \(error)")
        }
        try await ringtone.play()
        ExampleOutput.say("ringing")
        try await Task.sleep(for: .seconds(seconds))
        ringtone.stop()
        try session.overrideOutputAudioPort(.none)   // the call itself goes to the headset again
    }
}
