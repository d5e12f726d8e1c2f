/// An echo canceller the engine wants loaded: between which devices, and how it runs.
///
/// The canceller plays to ``playbackMaster`` what its virtual sink receives and records from
/// ``captureMaster`` through its virtual source, removing what it played from what it records.
/// Sessions on the same two devices with equal settings share one.
///
/// ```swift
/// let canceller = EchoCanceller(
///     id: "echo-cancel-1", playbackMaster: "sink:speaker", captureMaster: "source:mic",
///     settings: EchoCancellerSettings(kind: .speex))
/// ```
public struct EchoCanceller: Hashable, Sendable {
    /// The engine's name for it.
    public var id: EchoCancellerID
    /// The device its sink plays to.
    public var playbackMaster: DeviceID
    /// The device its source records from.
    public var captureMaster: DeviceID
    /// Which canceller and how it runs.
    public var settings: EchoCancellerSettings

    /// Creates a description of a canceller.
    public init(id: EchoCancellerID, playbackMaster: DeviceID, captureMaster: DeviceID, settings: EchoCancellerSettings) {
        self.id = id
        self.playbackMaster = playbackMaster
        self.captureMaster = captureMaster
        self.settings = settings
    }

    /// What makes two sessions share it: the same devices and settings.
    var sharingKey: SharingKey { SharingKey(playbackMaster: playbackMaster, captureMaster: captureMaster, settings: settings) }

    struct SharingKey: Hashable, Sendable {
        var playbackMaster: DeviceID
        var captureMaster: DeviceID
        var settings: EchoCancellerSettings
    }
}
