/// The user's own level of a stream before the agent scaled it, with the control that holds it:
/// the two ways a duck is carried out, named so that an agent of either backend reads what was
/// done and what undoes it.
///
/// ```swift
/// let pulse = LevelBase.streamVolume(StreamVolume([65536, 49152]))  // a sink-input's volume
/// let native = LevelBase.nodeFactor(1)                                // a PipeWire node's Props factor
/// ```
public enum LevelBase: Hashable, Sendable, CustomStringConvertible {
    /// The stream's own per-channel volume (100 % is ``StreamVolume/normal``), which the agent
    /// scaled: a sink-input's volume on the pulse protocol, undone by setting it back.
    case streamVolume(StreamVolume)
    /// A PipeWire node's Props `volume` factor (1 leaves the sound as it is), which the agent
    /// scaled while the per-channel volumes stayed the user's: undone by setting the factor back,
    /// which only the native PipeWire API can.
    case nodeFactor(Double)

    /// The stream volume, when the base is one.
    public var streamVolume: StreamVolume? {
        if case .streamVolume(let volume) = self { volume } else { nil }
    }

    /// The node factor, when the base is one.
    public var nodeFactor: Double? {
        if case .nodeFactor(let factor) = self { factor } else { nil }
    }

    /// `stream volume 65536/49152`, `node factor 1.0`.
    public var description: String {
        switch self {
        case .streamVolume(let volume): "stream volume \(volume)"
        case .nodeFactor(let factor): "node factor \(factor)"
        }
    }
}
