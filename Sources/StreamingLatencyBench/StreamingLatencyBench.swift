import ArgumentParser
import AudioSession

/// `audiosession-streaming-bench`: the enqueue-to-device latency of ``AudioStreamPlayer`` against
/// a peer that writes the same audio to `pacat`, on the sound server of the environment
/// (`PULSE_SERVER`). `scripts/bench --parts streaming` runs it on PulseAudio and pipewire-pulse.
///
/// Both contenders are fed as a call's far end would be: a 20 ms packet every 20 ms, silence but
/// for a 100 ms tone now and then. A capture of the sink's monitor (5 ms fragments, the same for
/// both) finds the tone's first audible frame; a sample is the time from handing the tone's first
/// packet over (``AudioStreamPlayer/enqueue(_:)``, or the write to pacat's pipe) to that frame
/// reaching the device, which the monitor's buffer stamps. The feed starts once the contender's
/// stream runs, so what is measured is the steady state, not a backlog from the start.
@main
struct StreamingLatencyBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audiosession-streaming-bench",
        abstract: "Measure the enqueue-to-device latency of AudioStreamPlayer and of pacat.",
        discussion: """
            Prints sample_us N for each tone heard, then done reps=R misses=M (a miss: a tone not \
            heard within two seconds).
            """)

    /// Who plays the packets.
    enum Contender: String, ExpressibleByArgument, CaseIterable {
        case player, pacat
    }

    @Option(help: "Who plays: player (AudioStreamPlayer) or pacat (the peer).")
    var contender: Contender

    @Option(help: "Tones to measure.")
    var reps: Int = 10

    @Option(help: "The audio the server keeps ahead, in milliseconds (the player's latency, pacat's --latency-msec).")
    var latencyMs: Int = 100

    @Option(help: "The source that hears the device (the default sink's monitor, e.g. speaker.monitor).")
    var monitor: String

    func validate() throws {
        guard reps > 0 else { throw ValidationError("--reps must be positive") }
        guard latencyMs > 0 else { throw ValidationError("--latency-ms must be positive") }
    }

    func run() async throws {
        let monitorSession = AudioSession(applicationID: "org.audiosession.bench.monitor")
        defer { monitorSession.close() }
        try monitorSession.setCategory(.record)
        let listener = try await RecorderListener(monitor: monitor, framesPerBuffer: 240, session: monitorSession)
        defer { listener.stop() }
        // An idle null sink renders in blocks of up to two seconds; a stream that comes during one
        // waits for its end. The listener's 5 ms fragments shorten the blocks once this one ends.
        let clock = ContinuousClock()
        try await clock.sleep(for: .milliseconds(2_500))

        let playerSession = AudioSession(applicationID: "org.audiosession.bench.player")
        defer { playerSession.close() }
        try playerSession.setCategory(.playback)
        try await playerSession.setActive(true)
        let sink: any PacketSink =
            switch contender {
            case .player: try await PlayerSink.start(latency: .milliseconds(latencyMs), session: playerSession)
            case .pacat: try PacatSink.start(latencyMs: latencyMs)
            }
        defer { sink.stop() }
        // Nothing is sent until the stream runs: packets sent while the server starts the stream
        // (or wakes the sink) would wait in the queue or the pipe, and as the feed keeps the pace
        // of the device, that backlog would stay and be measured on every tone after.
        try await clock.sleep(for: .seconds(1))

        var feed = PacedFeed(sink: sink)
        try await feed.silence(for: .seconds(1))
        var misses = 0
        for _ in 0..<reps {
            try await feed.silence(for: .milliseconds(Int.random(in: 400...420)))
            // Armed before the tone is fed, not after: its first frame may reach the device
            // before the feed has handed over its last packet.
            listener.watch.arm(after: clock.now)
            let handedOver = try await feed.tone()
            try await feed.silence(for: .milliseconds(300))
            if let onset = await listener.watch.onset(within: .seconds(2)) {
                print("sample_us \((onset - handedOver).microseconds)")
            } else {
                misses += 1
            }
        }
        print("done reps=\(reps) misses=\(misses)")
    }
}
