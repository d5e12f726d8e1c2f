/// A sound card: the hardware (or Bluetooth device) behind sinks and sources, with the profiles it
/// can run in (a Bluetooth headset: `a2dp-sink` for music, `headset-head-unit` with a microphone).
///
/// ```swift
/// if let headset = cards.first(where: \.isBluetooth), headset.activeProfile == "a2dp-sink" {
///     print(headset.profiles.map(\.name))
/// }
/// ```
public struct SoundCard: Hashable, Sendable, Identifiable {
    /// One profile of a card.
    public struct Profile: Hashable, Sendable {
        /// The server's name for it (`a2dp-sink`, `headset-head-unit`, `output:analog-stereo`, `off`).
        public var name: String
        /// What a user reads.
        public var description: String
        /// Higher is better, as the server ranks them.
        public var priority: UInt32
        /// Whether the card can switch to it now.
        public var isAvailable: Bool
        /// How many sinks the card has in this profile.
        public var sinks: UInt32
        /// How many sources the card has in this profile.
        public var sources: UInt32

        /// A profile with all its facts.
        public init(
            name: String, description: String = "", priority: UInt32 = 0, isAvailable: Bool = true, sinks: UInt32 = 0,
            sources: UInt32 = 0
        ) {
            self.name = name
            self.description = description
            self.priority = priority
            self.isAvailable = isAvailable
            self.sinks = sinks
            self.sources = sources
        }
    }

    /// The server's index for the card.
    public var index: UInt32
    /// Its name, stable while the device is present (`bluez_card.00_11_22_33_44_55`).
    public var name: String
    /// The server module or driver that made it (`module-bluez5-device.c`).
    public var driver: String
    /// Its properties (`device.bus`, `device.api`, `device.form_factor`, ...).
    public var properties: [String: String]
    /// Its profiles.
    public var profiles: [Profile]
    /// The name of the profile in use; `nil` when the server names none.
    public var activeProfile: String?

    /// A card with all its facts.
    public init(
        index: UInt32, name: String, driver: String = "", properties: [String: String] = [:], profiles: [Profile] = [],
        activeProfile: String? = nil
    ) {
        self.index = index
        self.name = name
        self.driver = driver
        self.properties = properties
        self.profiles = profiles
        self.activeProfile = activeProfile
    }

    /// The card's identity: its server index.
    public var id: UInt32 { index }

    /// Whether it is a Bluetooth device (BlueZ on PulseAudio and PipeWire).
    public var isBluetooth: Bool {
        properties["device.bus"] == "bluetooth" || properties["device.api"] == "bluez5" || properties["device.api"] == "bluez"
    }
}
