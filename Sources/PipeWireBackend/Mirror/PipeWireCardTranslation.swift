public import SoundServer

/// How a PipeWire Device (`media.class` `Audio/Device`: an ALSA card, a Bluetooth device) becomes
/// the ``SoundCard`` the pulse backend reports, so the agent gives the engine the same facts on
/// both backends.
///
/// | PipeWire | card |
/// | --- | --- |
/// | device global id | `index` |
/// | `device.name` (`bluez_card.00_11_22_33_44_55`) | `name` |
/// | `factory.name` (`api.bluez5.device`) | `driver` |
/// | device properties (`device.api`, `device.bus`, ...) | `properties` (pulse spellings added) |
/// | EnumProfile | `profiles`; available unless the device says `no` |
/// | Profile | `activeProfile` |
///
/// ```swift
/// let cards = PipeWireCardTranslation.cards(in: connection.globals)
/// ```
public enum PipeWireCardTranslation {
    static let audioDeviceClass = "Audio/Device"

    /// The audio devices among `globals` as cards, by global id.
    public static func cards(in globals: [UInt32: PipeWireGlobal]) -> [UInt32: SoundCard] {
        var cards: [UInt32: SoundCard] = [:]
        for global in globals.values where global.type == .device {
            if let card = card(of: global) { cards[global.id] = card }
        }
        return cards
    }

    /// The card a device global stands for; nil for a device that is not an audio device.
    static func card(of global: PipeWireGlobal) -> SoundCard? {
        guard global.type == .device, global.properties["media.class"] == audioDeviceClass else { return nil }
        let info = global.device ?? PipeWireDeviceInfo()
        return SoundCard(
            index: global.id, name: global.properties["device.name"] ?? "device-\(global.id)",
            driver: global.properties["factory.name"] ?? "",
            properties: PipeWireNodeDeviceFacts.pulseProperties(global.properties),
            profiles: info.profiles.map { profile in
                SoundCard.Profile(
                    name: profile.name, description: profile.description, priority: UInt32(clamping: profile.priority),
                    isAvailable: profile.availability != .no)
            },
            activeProfile: info.activeProfile?.name)
    }
}
