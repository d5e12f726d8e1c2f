import AudioSessionBus

/// Random D-Bus values for the agent's argument-decoding tests: every type, nested a little,
/// with the texts the agent's methods care about and the ones they must refuse.
enum RandomBusValues {
    static let texts = [
        "", "1", "42", "application-id", "stream-token", "playback", "play-and-record", "voice-prompt", "voice-chat",
        "duck-others", "mix-with-others", "speaker", "none", "0123456789abcdef0123456789abcdef",
        "0123456789ABCDEF0123456789ABCDEF", "bell\u{7}", "nul\u{0}inside", "é🎵", String(repeating: "x", count: 300),
        "\u{202E}reversed", "line\nbreak",
    ]

    static func text(using generator: inout some RandomNumberGenerator) -> String {
        texts.randomElement(using: &generator) ?? ""
    }

    static func value(depth: Int = 2, using generator: inout some RandomNumberGenerator) -> BusValue {
        switch Int.random(in: 0..<(depth > 0 ? 16 : 12), using: &generator) {
        case 0: .byte(.random(in: .min ... .max, using: &generator))
        case 1: .boolean(.random(using: &generator))
        case 2: .int16(.random(in: .min ... .max, using: &generator))
        case 3: .uint16(.random(in: .min ... .max, using: &generator))
        case 4: .int32(.random(in: .min ... .max, using: &generator))
        case 5: .uint32(.random(in: .min ... .max, using: &generator))
        case 6: .int64(.random(in: .min ... .max, using: &generator))
        case 7: .uint64(.random(in: .min ... .max, using: &generator))
        case 8: .double([0, -0.0, 1e308, .infinity, -.infinity, .leastNonzeroMagnitude].randomElement(using: &generator) ?? 0)
        case 9, 10: .string(text(using: &generator))
        case 11: .objectPath(["/", "/org/audiosession/Agent", "/a/b_c/D1"].randomElement(using: &generator) ?? "/")
        case 12: .variant(value(depth: depth - 1, using: &generator))
        case 13:
            .array(element: .string, (0..<Int.random(in: 0...3, using: &generator)).map { _ in .string(text(using: &generator)) })
        case 14: properties(depth: depth - 1, using: &generator)
        default:
            .structure((0..<Int.random(in: 1...3, using: &generator)).map { _ in value(depth: depth - 1, using: &generator) })
        }
    }

    /// An `a{sv}` with zero to three entries, keys mostly the ones `RegisterSession` knows.
    static func properties(depth: Int, using generator: inout some RandomNumberGenerator) -> BusValue {
        var entries: [BusValue: BusValue] = [:]
        for _ in 0..<Int.random(in: 0...3, using: &generator) {
            let key = Bool.random(using: &generator) ? ["application-id", "stream-token"].randomElement(using: &generator) ?? "" : text(using: &generator)
            let inner = Bool.random(using: &generator) ? BusValue.string(text(using: &generator)) : value(depth: max(0, depth), using: &generator)
            entries[.string(key)] = .variant(inner)
        }
        return .dictionary(key: .string, value: .variant, entries)
    }
}
