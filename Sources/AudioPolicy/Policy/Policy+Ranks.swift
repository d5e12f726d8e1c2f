extension Policy {
    /// Rank settings (`[ranks]` in files).
    public struct Ranks: Hashable, Sendable {
        /// The rank of a participant no rank rule matches (`default`, 0 ... 1000).
        public var defaultRank: Int

        /// Creates the rank settings.
        public init(defaultRank: Int = 50) {
            self.defaultRank = defaultRank
        }
    }
}
