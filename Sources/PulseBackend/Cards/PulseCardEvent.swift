public import SoundServer

/// One change of the server's cards, as ``PulseCardMirror`` reports it after applying it.
///
/// ```swift
/// switch event {
/// case .cardChanged(let old, let new) where old.activeProfile != new.activeProfile:
///     print("\(new.name): \(old.activeProfile ?? "-") -> \(new.activeProfile ?? "-")")
/// default: break
/// }
/// ```
public enum PulseCardEvent: Hashable, Sendable {
    /// A card appeared (a Bluetooth device connected).
    case cardAppeared(SoundCard)
    /// A card changed: its active profile, or which profiles are available.
    case cardChanged(old: SoundCard, new: SoundCard)
    /// A card went away; the last known facts.
    case cardVanished(SoundCard)
}
