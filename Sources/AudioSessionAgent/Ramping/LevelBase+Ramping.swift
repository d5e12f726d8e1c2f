extension LevelBase {
    /// This level with its linear amplitude multiplied by `factor`, in the same control.
    ///
    /// ```swift
    /// LevelBase.nodeFactor(0.8).scaled(byAmplitude: 0.5)  // node factor 0.4
    /// ```
    public func scaled(byAmplitude factor: Double) -> LevelBase {
        switch self {
        case .streamVolume(let volume): .streamVolume(volume.scaled(byAmplitude: factor))
        case .nodeFactor(let base): .nodeFactor(base * factor)
        }
    }

    /// Whether `other` is the same level up to the server's rounding: stream volumes within
    /// ``StreamVolume/roundingTolerance`` per channel, factors within a float's round trip.
    public func matches(_ other: LevelBase) -> Bool {
        switch (self, other) {
        case (.streamVolume(let mine), .streamVolume(let theirs)): mine.matches(theirs)
        // PipeWire stores the factor as a 32-bit float.
        case (.nodeFactor(let mine), .nodeFactor(let theirs)): abs(mine - theirs) <= 1e-6
        default: false
        }
    }

    /// Whether `other` scales the same control (a stream's volume, or a node's factor).
    func isSameControl(as other: LevelBase) -> Bool {
        switch (self, other) {
        case (.streamVolume, .streamVolume), (.nodeFactor, .nodeFactor): true
        default: false
        }
    }
}
