public import SoundServer

/// A change to request from the server: what the agent's enforcer sends.
///
/// Submit commands with ``PulseConnection/submit(_:completion:)`` (does not wait: usable from a
/// mirror's handler on the loop thread) or await them with ``PulseConnection/perform(_:)``.
///
/// ```swift
/// connection.submit(.setSinkInputMute(index: stream.index, muted: true))
/// try await connection.perform(.moveSinkInput(index: stream.index, sinkIndex: headphones.index))
/// ```
public enum PulseCommand: Hashable, Sendable {
    /// Sets a sink input's volume. One volume is applied to every channel; otherwise the count
    /// must equal the stream's channel count (read from its channel map first).
    case setSinkInputVolume(index: UInt32, volume: ChannelVolumes)
    /// Mutes or unmutes a sink input.
    case setSinkInputMute(index: UInt32, muted: Bool)
    /// Moves a sink input to another sink.
    case moveSinkInput(index: UInt32, sinkIndex: UInt32)
    /// Sets a source output's volume, with the channel rule of ``setSinkInputVolume(index:volume:)``.
    case setSourceOutputVolume(index: UInt32, volume: ChannelVolumes)
    /// Mutes or unmutes a source output.
    case setSourceOutputMute(index: UInt32, muted: Bool)
    /// Moves a source output to another source.
    case moveSourceOutput(index: UInt32, sourceIndex: UInt32)
    /// Move a playback stream to the sink called `sinkName` (one just loaded, not mirrored yet).
    case moveSinkInputByName(index: UInt32, sinkName: String)
    /// Move a capture stream to the source called `sourceName` (one just loaded, not mirrored yet).
    case moveSourceOutputByName(index: UInt32, sourceName: String)
    /// Ends a sink input (the client sees its stream killed).
    case killSinkInput(index: UInt32)
    /// Ends a source output.
    case killSourceOutput(index: UInt32)
    /// Loads a module; the completion gets its index.
    case loadModule(name: String, argument: String)
    /// Unloads a module by index.
    case unloadModule(index: UInt32)
    /// Makes the named sink the default.
    case setDefaultSink(name: String)
    /// Makes the named source the default.
    case setDefaultSource(name: String)
    /// Sets a source's (an input device's) volume; give one volume per channel of the source, or
    /// one for all (the app library's input gain).
    case setSourceVolume(name: String, volume: ChannelVolumes)
}
