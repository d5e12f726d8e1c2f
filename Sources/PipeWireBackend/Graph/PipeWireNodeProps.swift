/// The fields of a node's `Props` param this project reads and writes.
///
/// `volume` is a linear factor that multiplies with the user's `channelVolumes` (PulseAudio clients
/// see only the latter), which makes it the place for a temporary change such as ducking. A nil
/// field is left alone when set and was absent when read.
///
/// ```swift
/// try connection.setProps(PipeWireNodeProps(volume: 0.3), onNode: music.id)
/// try connection.setProps(PipeWireNodeProps(mute: true), onNode: music.id)
/// ```
public struct PipeWireNodeProps: Sendable, Hashable {
    /// The linear volume factor (`SPA_PROP_volume`): 0 silent, 1 unchanged.
    public var volume: Float?
    /// Whether the node is muted (`SPA_PROP_mute`).
    public var mute: Bool?
    /// One linear volume per channel (`SPA_PROP_channelVolumes`): what volume sliders set.
    public var channelVolumes: [Float]?

    /// Props with the given fields; nil fields are not touched when set.
    public init(volume: Float? = nil, mute: Bool? = nil, channelVolumes: [Float]? = nil) {
        self.volume = volume
        self.mute = mute
        self.channelVolumes = channelVolumes
    }

    /// These props with every field `newer` carries taken from it: nodes may report their Props
    /// as several objects, each with some of the fields.
    func merging(_ newer: PipeWireNodeProps) -> PipeWireNodeProps {
        PipeWireNodeProps(
            volume: newer.volume ?? volume, mute: newer.mute ?? mute,
            channelVolumes: newer.channelVolumes ?? channelVolumes)
    }
}
