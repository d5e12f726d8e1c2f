import Foundation

/// A recording of a device's monitor that runs for as long as a test needs it, so that levels can
/// be read again and again: "silent now", "heard again now".
///
/// Start it before the audio that is measured: a PulseAudio null sink renders in blocks as long as
/// its clients allow (up to two seconds for `paplay`), and a recorder that connects late hears
/// nothing until the block in flight ends. A recorder that is already running keeps the blocks short.
///
/// Levels are measured over rendered audio, not wall-clock time: ``rms(over:)`` reads exactly the
/// next `duration` of samples the device renders.
///
/// ```swift
/// let speaker = try await MonitorRecorder.start("speaker.monitor", in: pulse)
/// defer { speaker.stop() }
/// #expect(try await speaker.rms(over: .milliseconds(300)) > 0.1)
/// ```
public final class MonitorRecorder: Sendable {
    /// The source being recorded (or `sink-input INDEX` for one stream).
    public let source: String
    private let recorder: ChildProcess
    private static let bytesPerSecond = 48_000 * 2 * 2

    private init(source: String, recorder: ChildProcess) {
        self.source = source
        self.recorder = recorder
    }

    /// Starts recording `source` (e.g. `speaker.monitor`) on `server`.
    public static func start(_ source: String, in server: some PulseProtocolServer) async throws -> MonitorRecorder {
        let recorder = try server.spawn(
            "parec", ["-d", source, "--latency-msec=20", "--format=s16le", "--rate=48000", "--channels=2", "--raw"])
        return MonitorRecorder(source: source, recorder: recorder)
    }

    /// Starts recording what one playback stream plays, before the sink mixes it with others:
    /// `parec --monitor-stream` on the stream's sink-input index (through pipewire-pulse, the node's
    /// `object.serial`). A stream that does not run (corked by its client, or paused) delivers no
    /// samples at all, so ``rms(over:grace:)`` measures it as silent after the grace.
    ///
    /// ```swift
    /// let song = try await MonitorRecorder.start(monitoringStream: row.index, in: pipewire)
    /// #expect(try await song.rms(over: .milliseconds(150), grace: .milliseconds(400)) < 0.01)   // paused
    /// ```
    public static func start(monitoringStream index: Int, in server: some PulseProtocolServer) async throws -> MonitorRecorder {
        let recorder = try server.spawn(
            "parec",
            ["--monitor-stream=\(index)", "--latency-msec=20", "--format=s16le", "--rate=48000", "--channels=2", "--raw"])
        return MonitorRecorder(source: "sink-input \(index)", recorder: recorder)
    }

    /// The linear RMS level (0...1) of the next `duration` of audio the device renders.
    ///
    /// A device that renders nothing (an idle null sink) is silent: after `duration` plus a grace
    /// of `grace`, the samples that did arrive are measured (none: 0).
    public func rms(over duration: Duration, grace: Duration = .seconds(3)) async throws -> Double {
        let samples = try await nextSamples(duration, grace: grace)
        guard !samples.isEmpty else { return 0 }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(samples.count)).squareRoot() / 32768.0
    }

    /// The linear peak level (0...1) of the next `duration` of audio the device renders.
    public func peak(over duration: Duration, grace: Duration = .seconds(3)) async throws -> Double {
        let samples = try await nextSamples(duration, grace: grace)
        return Double(samples.map { abs(Int32($0)) }.max() ?? 0) / 32768.0
    }

    /// The next `duration` of interleaved stereo samples.
    public func nextSamples(_ duration: Duration, grace: Duration = .seconds(3)) async throws -> [Int16] {
        let start = fileSize
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        let wanted = Int(seconds * Double(Self.bytesPerSecond)) & ~3
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: duration + grace)
        while fileSize - start < wanted && clock.now < deadline {
            guard recorder.isRunning else {
                throw ToolFailure(
                    command: recorder.command,
                    result: ToolResult(status: await recorder.waitForExit(), standardOutput: "", standardError: recorder.standardError))
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: recorder.outputPath))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(start))
        let data = try handle.read(upToCount: wanted) ?? Data()
        return data.prefix(data.count & ~1).withUnsafeBytes { raw in
            Array(raw.bindMemory(to: Int16.self)).map { Int16(littleEndian: $0) }
        }
    }

    /// Stops the recording and removes its file.
    public func stop() {
        recorder.kill()
        recorder.removeOutputFiles()
    }

    private var fileSize: Int {
        ((try? FileManager.default.attributesOfItem(atPath: recorder.outputPath)[.size]) as? NSNumber)?.intValue ?? 0
    }

    deinit { stop() }
}
