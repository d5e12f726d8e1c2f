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
    @Option(help: "How long the call lasts, in seconds; 0 until hung up (Ctrl-C).")
    var seconds = 0.0
    @Option(help: "A WAV file to stream as the far end's voice; a generated tone if not given.")
    var farEnd: String?
    @Option(help: "The source to record; the default input if not given.")
    var input: String?
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
        // The far end streams in, the near end (the microphone) streams out.
        let voice = try farEnd.map { try WAVFile(contentsOf: $0) } ?? Self.generatedVoice()
        let farEndPlayer = try AudioStreamPlayer(
            format: voice.format, capacity: .milliseconds(200), latency: .milliseconds(40), name: "Far end", session: session)
        defer { farEndPlayer.close() }
        let microphone = AudioRecorder(
            url: nil, format: PCMFormat(encoding: .int16, sampleRate: 48_000, channels: 1), device: input, session: session)
        defer { microphone.close() }
        farEndPlayer.resumesAfterInterruption = false   // the call decides when it comes back: below
        microphone.resumesAfterInterruption = false
        // Subscribed before anything starts, so no event is missed.
        let nearEnd = microphone.buffers
        let farEndEvents = farEndPlayer.events
        let microphoneEvents = microphone.events
        let muteChanges = session.inputMuteChanges
        let interruptions = session.interruptions
        let routeChanges = session.routeChanges
        try await farEndPlayer.play()
        try await microphone.record()
        let tasks = [
            Task { await Self.receive(voice, into: farEndPlayer) },
            Task { await Self.hold(interruptions, session: session, farEnd: farEndPlayer, microphone: microphone) },
            Task { await Self.follow(routeChanges, session: session) },
            Task { await Self.keepPlaying(farEndEvents, session: session, farEnd: farEndPlayer) },
            Task { await Self.keepRecording(microphoneEvents, session: session, microphone: microphone) },
            Task { await Self.show(muteChanges) },
        ]
        let sender = Task { await Self.send(nearEnd) }
        let buttons = ExampleButtons.presses(hangingUpAfter: seconds)
        ExampleOutput.say("call connected: far end streaming in, microphone streaming out")
        await Self.press(buttons, session: session)
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

    /// Plays the far end's audio as it arrives: here the voice in 20 ms packets, over and over;
    /// a real app enqueues the packets its network decoder hands it. The full queue paces it.
    static func receive(_ voice: WAVFile, into player: AudioStreamPlayer) async {
        let packetBytes = Int(voice.format.sampleRate) / 50 * voice.format.bytesPerFrame
        while !Task.isCancelled {
            for start in stride(from: 0, to: voice.data.count, by: packetBytes) {
                let packet = Array(voice.data[start..<min(start + packetBytes, voice.data.count)])
                guard (try? await player.enqueue(packet)) != nil else { return }
            }
        }
    }

    /// Sends the microphone's audio as it comes, 20 ms a buffer; a real app encodes each buffer
    /// and sends it to the far end. Returns how many it sent once the recorder is closed.
    static func send(_ nearEnd: AudioRecorderBuffers) async -> Int {
        var sent = 0
        for await _ in nearEnd {
            sent += 1
            if sent == 50 || sent % 250 == 0 { ExampleOutput.say("near end: \(sent) buffers sent") }
        }
        return sent
    }

    /// Puts the call on hold while another session interrupts it, and takes it back when the
    /// interruption ends with should-resume.
    static func hold(
        _ interruptions: InterruptionEvents, session: AudioSession, farEnd: AudioStreamPlayer, microphone: AudioRecorder
    ) async {
        for await interruption in interruptions {
            switch interruption {
            case .began(let reason):
                // The player and the recorder have paused by themselves.
                ExampleOutput.say("call on hold: interrupted (\(reason.rawValue))")
            case .ended(let options) where options.contains(.shouldResume):
                do {
                    try await session.setActive(true)
                    try await farEnd.play()
                    try await microphone.record()
                    ExampleOutput.say("call resumed")
                } catch {
                    ExampleOutput.say("cannot resume the call: \(error)")
                }
            case .ended:
                ExampleOutput.say("interruption ended without should-resume: the call stays on hold")
            }
        }
    }

    /// Says why the route changed and where the audio goes now.
    static func follow(_ routeChanges: RouteChangeEvents, session: AudioSession) async {
        for await change in routeChanges {
            let outputs = session.currentRoute.outputs.map(\.portName).joined(separator: ", ")
            ExampleOutput.say("route changed: \(change.reason.rawValue); output now \(outputs.isEmpty ? "none" : outputs)")
        }
    }

    /// The far end pauses by itself when its device goes away (a headset unplugged, or the echo
    /// canceller it played through replaced): a music player should, a call goes on where the
    /// audio went.
    static func keepPlaying(_ events: AudioPlayerEvents, session: AudioSession, farEnd: AudioStreamPlayer) async {
        for await event in events where event == .pausedForRouteChange && session.isActive {
            try? await farEnd.play()
            ExampleOutput.say("far end: its device went away, playing on")
        }
    }

    /// The microphone, likewise: records on from where the input went.
    static func keepRecording(_ events: AudioRecorderEvents, session: AudioSession, microphone: AudioRecorder) async {
        for await event in events where event == .pausedForRouteChange && session.isActive {
            try? await microphone.record()
            ExampleOutput.say("microphone: its device went away, recording on")
        }
    }

    /// Shows the microphone's mute as the agent carries it out.
    static func show(_ muteChanges: InputMuteEvents) async {
        for await muted in muteChanges {
            ExampleOutput.say(muted ? "microphone muted" : "microphone live")
        }
    }

    /// Carries out the call screen's buttons until the user hangs up.
    static func press(_ buttons: AsyncStream<ExampleButtons.Button>, session: AudioSession) async {
        var speakerOn = false
        for await button in buttons {
            switch button {
            case .mute:
                do {
                    try await session.setInputMuted(!session.isInputMuted)
                } catch {
                    ExampleOutput.say("cannot mute: \(error)")
                }
            case .speaker:
                do {
                    try session.overrideOutputAudioPort(speakerOn ? .none : .speaker)
                    speakerOn.toggle()
                    ExampleOutput.say(speakerOn ? "speaker on" : "speaker off")
                } catch {
                    ExampleOutput.say("no speaker: \(error)")
                }
            case .hangUp:
                return
            }
        }
    }

    /// The far end when no file is given: a 330 Hz tone, half a second on, half a second off.
    static func generatedVoice() -> WAVFile {
        let (pcm, format) = SineTone.pcm(frequencies: [330, 0], seconds: 0.5)
        return WAVFile(format: format, data: pcm)
    }
}
