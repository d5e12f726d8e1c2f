import AudioPolicy
import SoundServer

/// How the agent names cards to the engine: Bluetooth cards become ``CardInfo`` with their
/// profiles' kinds (A2DP/BAP for playback, HSP/HFP headset, off); other cards are none of the
/// engine's business (their profiles are the server's and the user's).
///
/// ```swift
/// if let info = CardTranslation.info(for: card) { coordinator.handle(.cardAdded(info)) }
/// let name = CardTranslation.cardName(of: info.id)   // "bluez_card.00_11_22_33_44_55"
/// ```
enum CardTranslation {
    private static let prefix = "card:"

    /// The engine's facts for a Bluetooth card; `nil` for any other card, or one that names no
    /// active profile.
    static func info(for card: SoundCard) -> CardInfo? {
        guard card.isBluetooth, let active = card.activeProfile else { return nil }
        return CardInfo(
            id: cardID(of: card),
            profiles: card.profiles.map { profile in
                CardInfo.Profile(
                    name: profile.name, kind: CardInfo.Profile.kind(ofBluetoothProfile: profile.name),
                    isAvailable: profile.isAvailable)
            },
            activeProfile: active)
    }

    /// The engine's identifier of a card: its server name, which stays the same while the device is present.
    static func cardID(of card: SoundCard) -> CardID { CardID(rawValue: prefix + card.name) }

    /// The server name of the card the engine calls `id`; `nil` for an identifier this agent did not make.
    static func cardName(of id: CardID) -> String? {
        guard id.rawValue.hasPrefix(prefix) else { return nil }
        let name = String(id.rawValue.dropFirst(prefix.count))
        return name.isEmpty ? nil : name
    }
}
