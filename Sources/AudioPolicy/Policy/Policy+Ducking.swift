extension Policy {
    /// How ducked streams are lowered and restored (`[ducking]` in files).
    ///
    /// ```swift
    /// let ducking = Policy.Ducking(level: 0.3, rampDownMilliseconds: 250, rampUpMilliseconds: 600)
    /// ```
    public struct Ducking: Hashable, Sendable {
        /// The linear volume factor (0.0 ... 1.0) a ducked stream is lowered to (`level`).
        public var level: Double
        /// How long lowering takes, in milliseconds (`ramp-down-ms`).
        public var rampDownMilliseconds: Int
        /// How long restoring takes, in milliseconds (`ramp-up-ms`).
        public var rampUpMilliseconds: Int

        /// Creates the ducking settings.
        public init(level: Double = 0.3, rampDownMilliseconds: Int = 250, rampUpMilliseconds: Int = 600) {
            self.level = level
            self.rampDownMilliseconds = rampDownMilliseconds
            self.rampUpMilliseconds = rampUpMilliseconds
        }
    }
}
