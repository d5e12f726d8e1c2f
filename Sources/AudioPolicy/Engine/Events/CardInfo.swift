/// A Bluetooth card and its profiles, as the agent reports it: what the engine needs to decide
/// between high-quality playback (A2DP) and the headset profile with a microphone (HSP/HFP).
///
/// ```swift
/// let headset = CardInfo(
///     id: "card:bluez_card.00_11", profiles: [.init(name: "a2dp-sink", kind: .highQualityPlayback),
///                                            .init(name: "headset-head-unit", kind: .headset)],
///     activeProfile: "a2dp-sink")
/// ```
public struct CardInfo: Hashable, Sendable {
    /// One profile of the card.
    public struct Profile: Hashable, Sendable {
        /// What a profile offers.
        public enum Kind: String, Hashable, Sendable {
            /// A2DP (or LE Audio media): stereo playback, no microphone.
            case highQualityPlayback = "high-quality-playback"
            /// HSP/HFP: a microphone, with mono playback of phone quality.
            case headset
            /// The card is off.
            case off
            /// Anything else.
            case other
        }

        /// The profile's name on the server (`a2dp_sink`, `headset_head_unit`, `a2dp-sink`, `off`).
        public var name: String
        /// What the profile offers.
        public var kind: Kind
        /// Whether the server can switch to it now.
        public var isAvailable: Bool

        /// A profile.
        public init(name: String, kind: Kind, isAvailable: Bool = true) {
            self.name = name
            self.kind = kind
            self.isAvailable = isAvailable
        }

        /// What a Bluetooth profile name offers, for PulseAudio's and PipeWire's spellings.
        public static func kind(ofBluetoothProfile name: String) -> Kind {
            let name = name.lowercased()
            if name == "off" { return .off }
            if name.contains("headset") || name.contains("handsfree") || name.contains("hsp") || name.contains("hfp") {
                return .headset
            }
            if name.contains("a2dp") || name.contains("bap") { return .highQualityPlayback }
            return .other
        }
    }

    /// The card.
    public var id: CardID
    /// Its profiles.
    public var profiles: [Profile]
    /// The name of the profile in use.
    public var activeProfile: String

    /// Creates card facts.
    public init(id: CardID, profiles: [Profile], activeProfile: String) {
        self.id = id
        self.profiles = profiles
        self.activeProfile = activeProfile
    }

    /// The first available profile of a kind.
    func profile(_ kind: Profile.Kind) -> Profile? { profiles.first { $0.kind == kind && $0.isAvailable } }

    /// The kind of the profile in use.
    var activeKind: Profile.Kind? { profiles.first { $0.name == activeProfile }?.kind }
}
