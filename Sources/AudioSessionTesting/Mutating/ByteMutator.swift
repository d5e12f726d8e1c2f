/// Seeded mutations of valid inputs, for tests that feed malformed input to a reader and check it
/// refuses with a typed error instead of crashing (the in-suite companion of scripts/fuzz).
///
/// Each mutant is one seed with one to four small edits: a flipped bit, a replaced, inserted or
/// deleted byte, a token of the format (`[[`, `"""`, `=`), a copied stretch, a piece of another
/// seed, a cut. A mutant grows at most ``maximumGrowth`` bytes over its seed, so deep nesting the
/// seeds do not have stays out of reach.
///
/// ```swift
/// var generator = SplitMix64(seed: MutationSeed.value(default: 1))
/// let mutator = ByteMutator(seeds: [Array("version = 1\n".utf8)], tokens: [Array("[[".utf8)])
/// for _ in 0..<1_000 { _ = try? TOMLDocument(parsing: String(decoding: mutator.mutant(using: &generator), as: UTF8.self)) }
/// ```
public struct ByteMutator: Sendable {
    /// The valid inputs mutants start from; at least one.
    public var seeds: [[UInt8]]
    /// Pieces of the format worth inserting whole.
    public var tokens: [[UInt8]]
    /// How many bytes a mutant may have over its seed.
    public var maximumGrowth: Int

    /// A mutator over `seeds` (at least one) that also inserts `tokens`.
    public init(seeds: [[UInt8]], tokens: [[UInt8]] = [], maximumGrowth: Int = 64) {
        precondition(!seeds.isEmpty, "a mutator needs at least one seed")
        self.seeds = seeds
        self.tokens = tokens
        self.maximumGrowth = maximumGrowth
    }

    /// A mutant of a seed the generator picks, and the seed's index.
    public func mutant(using generator: inout some RandomNumberGenerator) -> (bytes: [UInt8], seed: Int) {
        let index = Int.random(in: seeds.indices, using: &generator)
        var bytes = seeds[index]
        let limit = bytes.count + maximumGrowth
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            edit(&bytes, limit: limit, using: &generator)
        }
        return (bytes, index)
    }

    private func edit(_ bytes: inout [UInt8], limit: Int, using generator: inout some RandomNumberGenerator) {
        let room = max(0, limit - bytes.count)
        let at = Int.random(in: 0...bytes.count, using: &generator)
        switch Int.random(in: 0..<8, using: &generator) {
        case 0 where at < bytes.count:
            bytes[at] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
        case 1 where at < bytes.count:
            bytes[at] = Self.interestingByte(using: &generator)
        case 2 where room > 0:
            bytes.insert(Self.interestingByte(using: &generator), at: at)
        case 3 where at < bytes.count:
            bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...16, using: &generator)))
        case 4 where room > 0 && !tokens.isEmpty:
            if let token = tokens.randomElement(using: &generator), token.count <= room { bytes.insert(contentsOf: token, at: at) }
        case 5 where room > 0 && at < bytes.count:
            let length = min(room, bytes.count - at, Int.random(in: 1...32, using: &generator))
            let copy = Array(bytes[at..<(at + length)])
            bytes.insert(contentsOf: copy, at: Int.random(in: 0...bytes.count, using: &generator))
        case 6 where room > 0:
            if let other = seeds.randomElement(using: &generator), !other.isEmpty {
                let start = Int.random(in: 0..<other.count, using: &generator)
                let length = min(room, other.count - start, Int.random(in: 1...64, using: &generator))
                bytes.insert(contentsOf: other[start..<(start + length)], at: at)
            }
        case 7:
            bytes.removeSubrange(at...)
        default:
            break
        }
    }

    /// A byte readers tend to treat specially: a delimiter, a control byte, a UTF-8 lead or continuation byte, 0xFF.
    private static func interestingByte(using generator: inout some RandomNumberGenerator) -> UInt8 {
        let special: [UInt8] = [0, 0x09, 0x0A, 0x0D, 0x7F, 0x80, 0xBF, 0xC0, 0xE2, 0xF0, 0xFF]
        let delimiters = Array("\"'[]{}=.,#\\+-_0123456789eEinfa".utf8)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: return special.randomElement(using: &generator) ?? 0
        case 1: return delimiters.randomElement(using: &generator) ?? 0
        default: return UInt8.random(in: 0...255, using: &generator)
        }
    }
}
