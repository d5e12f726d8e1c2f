public import AudioSessionBus

/// `GetHardwareValues`' reply `a{sv}`: what the sound server uses for the session's route, and the
/// session's hardware preferences. A value the server does not report is absent (``nil``); keys a
/// later agent adds are ignored by ``init(arguments:)``.
///
/// | key | type | value |
/// | --- | --- | --- |
/// | `output-sample-rate`, `input-sample-rate` | `u` | frames per second of the route's first output or input device |
/// | `output-channels`, `input-channels` | `u` | its channel count |
/// | `output-latency`, `input-latency` | `d` | its latency as the server reports it, in seconds |
/// | `io-buffer-duration` | `d` | the period audio is handed over in, in seconds |
/// | `io-buffer-frames` | `u` | the same in frames (PipeWire's quantum) |
/// | `preferred-sample-rate` | `u` | the session's preference, 0 for none |
/// | `preferred-io-buffer-duration` | `d` | the session's preference in seconds, 0 for none |
/// | `preferences-applied` | `b` | whether the agent forces the preferences on the server now |
///
/// ```swift
/// let values = try HardwareValuesReply(arguments: reply)
/// values.outputSampleRate    // 48000
/// values.ioBufferDuration    // 0.021333 (1024 frames at 48 kHz)
/// ```
public struct HardwareValuesReply: Hashable, Sendable {
    /// The output device's rate, in frames per second.
    public var outputSampleRate: UInt32?
    /// The input device's rate, in frames per second.
    public var inputSampleRate: UInt32?
    /// The output device's channel count.
    public var outputChannels: UInt32?
    /// The input device's channel count.
    public var inputChannels: UInt32?
    /// The output device's latency, in seconds.
    public var outputLatency: Double?
    /// The input device's latency, in seconds.
    public var inputLatency: Double?
    /// The I/O buffer duration the server uses, in seconds.
    public var ioBufferDuration: Double?
    /// The same in frames.
    public var ioBufferFrames: UInt32?
    /// The session's preferred rate; 0 for none.
    public var preferredSampleRate: UInt32
    /// The session's preferred I/O buffer duration in seconds; 0 for none.
    public var preferredIOBufferDuration: Double
    /// Whether the agent forces the preferences on the server now.
    public var preferencesApplied: Bool

    /// A reply with these values.
    public init(
        outputSampleRate: UInt32? = nil, inputSampleRate: UInt32? = nil, outputChannels: UInt32? = nil,
        inputChannels: UInt32? = nil, outputLatency: Double? = nil, inputLatency: Double? = nil,
        ioBufferDuration: Double? = nil, ioBufferFrames: UInt32? = nil, preferredSampleRate: UInt32 = 0,
        preferredIOBufferDuration: Double = 0, preferencesApplied: Bool = false
    ) {
        self.outputSampleRate = outputSampleRate
        self.inputSampleRate = inputSampleRate
        self.outputChannels = outputChannels
        self.inputChannels = inputChannels
        self.outputLatency = outputLatency
        self.inputLatency = inputLatency
        self.ioBufferDuration = ioBufferDuration
        self.ioBufferFrames = ioBufferFrames
        self.preferredSampleRate = preferredSampleRate
        self.preferredIOBufferDuration = preferredIOBufferDuration
        self.preferencesApplied = preferencesApplied
    }

    /// Reads the reply's arguments; a known key with a value of another type is a ``WireFormatError``.
    public init(arguments: BusArguments) throws(WireFormatError) {
        var fields = WireFields(arguments, context: "GetHardwareValues' reply")
        let values: [String: BusVariant] = try fields.next("values")
        func read<Value: BusValueConvertible>(_ key: String, as type: Value.Type = Value.self) throws(WireFormatError) -> Value? {
            guard let variant = values[key] else { return nil }
            guard let value = Value(busValue: variant.value) else {
                throw WireFormatError(
                    context: "GetHardwareValues' reply", field: "values[\(key)]", expected: Value.busType, found: variant.value.type)
            }
            return value
        }
        self.init(
            outputSampleRate: try read("output-sample-rate"), inputSampleRate: try read("input-sample-rate"),
            outputChannels: try read("output-channels"), inputChannels: try read("input-channels"),
            outputLatency: try read("output-latency"), inputLatency: try read("input-latency"),
            ioBufferDuration: try read("io-buffer-duration"), ioBufferFrames: try read("io-buffer-frames"),
            preferredSampleRate: try read("preferred-sample-rate") ?? 0,
            preferredIOBufferDuration: try read("preferred-io-buffer-duration") ?? 0,
            preferencesApplied: try read("preferences-applied") ?? false)
    }

    /// The reply as the agent sends it: one `a{sv}`, without the keys whose value is unknown.
    public var arguments: BusArguments {
        var values: [String: BusVariant] = [
            "preferred-sample-rate": BusVariant(.uint32(preferredSampleRate)),
            "preferred-io-buffer-duration": BusVariant(.double(preferredIOBufferDuration)),
            "preferences-applied": BusVariant(.boolean(preferencesApplied)),
        ]
        let rates: [(String, UInt32?)] = [
            ("output-sample-rate", outputSampleRate), ("input-sample-rate", inputSampleRate),
            ("output-channels", outputChannels), ("input-channels", inputChannels), ("io-buffer-frames", ioBufferFrames),
        ]
        for case (let key, let value?) in rates { values[key] = BusVariant(.uint32(value)) }
        let seconds: [(String, Double?)] = [
            ("output-latency", outputLatency), ("input-latency", inputLatency), ("io-buffer-duration", ioBufferDuration),
        ]
        for case (let key, let value?) in seconds { values[key] = BusVariant(.double(value)) }
        return [values.busValue]
    }
}
