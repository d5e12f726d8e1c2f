/// An opaque identifier of a sound card (a Bluetooth headset, a USB interface, a PCI chip), chosen
/// by whoever reports the card to the engine.
///
/// ```swift
/// let headset: CardID = "card:bluez_card.00_11_22_33_44_55"
/// ```
public struct CardID: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The identifier as text.
    public let rawValue: String

    /// Wraps an identifier.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a literal identifier.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The identifier as text.
    public var description: String { rawValue }

    /// Orders identifiers by their text, so decisions come in a stable order.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
