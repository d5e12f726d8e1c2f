extension Duration {
    /// The duration in whole microseconds.
    var microseconds: Int64 { components.seconds * 1_000_000 + components.attoseconds / 1_000_000_000_000 }
}
