/// One-off level readings of a device's monitor.
///
/// Each call records for a moment and stops. When the audio being measured started before the
/// call, prefer a ``MonitorRecorder`` started first: see there why a late recorder may wait.
///
/// ```swift
/// let level = try await MonitorMeter.rms(of: "speaker.monitor", for: .milliseconds(300), in: pulse)
/// #expect(level < 0.001)   // silent
/// ```
public enum MonitorMeter {
    /// The linear RMS level (0...1) of the next `duration` of audio `source` renders.
    public static func rms(
        of source: String, for duration: Duration, in server: some PulseProtocolServer
    ) async throws -> Double {
        let recorder = try await MonitorRecorder.start(source, in: server)
        defer { recorder.stop() }
        return try await recorder.rms(over: duration)
    }

    /// The linear peak level (0...1) of the next `duration` of audio `source` renders.
    public static func peak(
        of source: String, for duration: Duration, in server: some PulseProtocolServer
    ) async throws -> Double {
        let recorder = try await MonitorRecorder.start(source, in: server)
        defer { recorder.stop() }
        return try await recorder.peak(over: duration)
    }
}
