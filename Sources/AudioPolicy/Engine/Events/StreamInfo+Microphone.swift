extension StreamInfo {
    /// The facts by which the backends mark a capture stream that reads no microphone: a level
    /// meter (peak detection), a capture of a sink's monitor, a server module's or a virtual
    /// node's stream (loopback, echo canceller, filter chain), the agent's own (see `[[exclude]]`
    /// in `policies/default.toml`, which names the same facts). Each pairs a property with the
    /// value that marks it, or `nil` when its presence does.
    static let notMicrophoneFacts: [(property: String, value: String?)] = [
        ("audiosession.monitor-capture", "true"), ("stream.capture.sink", "true"), ("stream.monitor", "true"),
        ("resample.method", "peaks"), ("resample.peaks", "true"),
        ("audiosession.owner-module", nil), ("pulse.module.id", nil), ("audiosession.virtual", "true"),
        ("node.virtual", "true"), ("audiosession.agent", "true"),
    ]

    /// Whether the stream captures from a microphone: a capture stream none of
    /// ``notMicrophoneFacts`` marks. These are checked whatever the policy's exclusions say, so a
    /// policy without them still never takes a level meter or a monitor recording for a call.
    ///
    /// ```swift
    /// StreamInfo(id: "mic", direction: .capture).readsMicrophone                                   // true
    /// StreamInfo(id: "meter", direction: .capture, properties: ["resample.method": "peaks"]).readsMicrophone  // false
    /// ```
    public var readsMicrophone: Bool {
        guard direction == .capture else { return false }
        return !Self.notMicrophoneFacts.contains { fact in
            guard let value = properties[fact.property] else { return false }
            return fact.value.map { $0 == value } ?? true
        }
    }
}
