public import AudioPolicy

/// How a scenario stream is made on a real server, and the properties the agent's backends then
/// report for it (read off PulseAudio 16.1 and PipeWire 0.3.65, as the shipped exclusions are).
///
/// ```swift
/// ScenarioStreamKind(rawValue: "peak-meter")?.defaultDirection  // .capture
/// ```
public enum ScenarioStreamKind: String, CaseIterable, Sendable {
    /// An app playing: `paplay --property=media.role=ROLE`.
    case play
    /// An app recording from a microphone: `parec`.
    case record
    /// A level meter: a peak-detect capture of a sink's monitor (pavucontrol's meters).
    case peakMeter = "peak-meter"
    /// A recorder of what is played: `parec -d SINK.monitor`.
    case monitorCapture = "monitor-capture"
    /// A `module-loopback` stream.
    case loopback
    /// A `module-echo-cancel` stream.
    case echoCancel = "echo-cancel"
    /// A filter-chain (PipeWire) node.
    case filterChain = "filter-chain"
    /// A stream the agent itself opens.
    case agent

    /// The direction a stream of this kind has unless the scenario says otherwise.
    public var defaultDirection: StreamDirection {
        switch self {
        case .play, .loopback, .echoCancel, .filterChain, .agent: .playback
        case .record, .peakMeter, .monitorCapture: .capture
        }
    }

    /// The properties the backend reports for a stream of this kind, besides the role.
    public var properties: [String: String] {
        switch self {
        case .play: ["application.name": "paplay"]
        case .record: ["application.name": "parec"]
        case .peakMeter: ["media.name": "Peak detect", "resample.method": "peaks", "audiosession.monitor-capture": "true"]
        case .monitorCapture: ["application.name": "parec", "audiosession.monitor-capture": "true"]
        case .loopback: ["media.name": "Loopback", "media.role": "abstract", "audiosession.owner-module": "module-loopback"]
        case .echoCancel:
            ["media.name": "Echo-Cancel Sink Stream", "media.role": "filter", "audiosession.owner-module": "module-echo-cancel"]
        case .filterChain: ["media.name": "filter-chain output", "node.virtual": "true", "audiosession.virtual": "true"]
        case .agent: ["application.name": "audiosessiond", "audiosession.agent": "true"]
        }
    }
}
