import SoundServer

/// The primitive commands the enforcement core gives a sound server about streams and devices,
/// each protocol's vocabulary behind one shape: the core decides what a stream should be, an
/// actuator says it in the server's words.
///
/// | command | pulse protocol (``PulseStreamActuator``) | native PipeWire (``PipeWireStreamActuator``) |
/// | --- | --- | --- |
/// | ``readLevel(of:then:)`` | the stream's volume, read back: the user's slider moves it too | none: the factor is the agent's alone |
/// | ``setLevel(_:of:then:)`` | the stream's volume (``LevelBase/streamVolume(_:)``); a node factor it cannot reach | the node's Props `volume` factor (``LevelBase/nodeFactor(_:)``) or `channelVolumes` |
/// | ``setMuted(_:of:then:)`` | `set-sink-input-mute` / `set-source-output-mute` | the node's Props `mute` |
/// | ``setPlaying(_:of:then:)`` | none: the protocol has no pause of a client's stream | the node's Pause / Start command |
/// | ``setTarget(_:of:then:)`` | `move-sink-input` / `move-source-output` by name | the stream's `target.object` in the `default` metadata |
/// | ``clearTarget(of:backTo:then:)`` | a move back to the original device, if it is still there | `target.object` removed: WirePlumber links the stream by its own rules |
/// | ``setDefault(_:kind:)`` | `set-default-sink` / `set-default-source` | `default.configured.audio.sink` / `.source` |
///
/// Completions run on the server loop, once the server has answered (at once where the
/// protocol gives no answer), with whether the command was taken.
///
/// ```swift
/// actuator.setTarget("alsa_output.usb-headset", of: ref) { taken in
///     if taken { repairRestoreEntry(ref.serial) }
/// }
/// ```
@ServerLoopActor
protocol StreamActuator: AnyObject, Sendable {
    /// What runs once the server has answered a command: whether it was taken.
    typealias Completion = @ServerLoopActor @Sendable (_ taken: Bool) -> Void

    /// The server module the policy leaves choosing devices to (it would move a stream back), or
    /// `nil` when the agent chooses them.
    var deviceChoiceModule: String? { get }

    /// Whether the protocol reaches a node's own Props factor and its Pause / Start, as native
    /// PipeWire does; a pulse-protocol agent cannot undo such a change a native agent journalled.
    var reachesNodes: Bool { get }

    /// Whether the server answers each command before its completion runs (the pulse protocol),
    /// so that stream info after the answer shows the server after the command; a Props write has
    /// no answer, and its completion runs at once.
    var answersCommands: Bool { get }

    /// The stream's key in the server's restore store, journalled before any change so that a
    /// later agent can repair what a stream that ended meanwhile left saved.
    func restoreEntryName(of stream: SoundStream) -> String?

    /// Whether a stream can be sent to the device called `name` now.
    func canTarget(_ name: String, kind: SoundDevice.Kind) -> Bool

    /// Reads the level a ramp step is about to write over, where the user can change it too.
    func readLevel(of ref: ServerStreamRef, then done: @escaping @ServerLoopActor @Sendable (LevelReading) -> Void)

    /// Sets the stream's level: its own volume, or its node's factor over the user's volumes.
    func setLevel(_ level: LevelBase, of ref: ServerStreamRef, then done: @escaping Completion)

    /// Mutes or unmutes the stream.
    func setMuted(_ muted: Bool, of ref: ServerStreamRef, then done: @escaping Completion)

    /// Pauses the stream's node, or starts it again.
    func setPlaying(_ playing: Bool, of ref: ServerStreamRef, then done: @escaping Completion)

    /// Sends the stream to the device called `device`.
    func setTarget(_ device: String, of ref: ServerStreamRef, then done: @escaping Completion)

    /// Gives the stream's device back: to `original`, where the protocol moves streams itself.
    func clearTarget(of ref: ServerStreamRef, backTo original: String, then done: @escaping Completion)

    /// Makes the device called `device` the default of its direction.
    func setDefault(_ device: String, kind: SoundDevice.Kind)
}

extension StreamActuator {
    /// Sets the stream's level; whether the server took it does not matter to the caller.
    func setLevel(_ level: LevelBase, of ref: ServerStreamRef) { setLevel(level, of: ref) { _ in } }

    /// Mutes or unmutes the stream; whether the server took it does not matter to the caller.
    func setMuted(_ muted: Bool, of ref: ServerStreamRef) { setMuted(muted, of: ref) { _ in } }

    /// Pauses or starts the stream's node; whether the server took it does not matter to the caller.
    func setPlaying(_ playing: Bool, of ref: ServerStreamRef) { setPlaying(playing, of: ref) { _ in } }
}
