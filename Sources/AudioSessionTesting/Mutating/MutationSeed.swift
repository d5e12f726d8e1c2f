import Glibc

/// The seed of a test's mutation loop: a fixed default, or `AUDIOSESSION_MUTATION_SEED` (decimal or
/// 0x-hex) to replay or vary a run. The test prints it, so a failure can be replayed.
///
/// ```swift
/// let seed = MutationSeed.value(default: 0x5EED)
/// print("mutation seed \(MutationSeed.text(seed))")
/// ```
public enum MutationSeed {
    /// The environment variable that overrides the default seed.
    public static let variable = "AUDIOSESSION_MUTATION_SEED"

    /// The seed from ``variable`` when it is set and well-formed, else `defaultSeed`.
    public static func value(default defaultSeed: UInt64) -> UInt64 {
        guard let raw = getenv(variable).map({ String(cString: $0) }) else { return defaultSeed }
        if raw.hasPrefix("0x") { return UInt64(raw.dropFirst(2), radix: 16) ?? defaultSeed }
        return UInt64(raw) ?? defaultSeed
    }

    /// `0x…`, as ``variable`` accepts it.
    public static func text(_ seed: UInt64) -> String { "0x" + String(seed, radix: 16) }
}
