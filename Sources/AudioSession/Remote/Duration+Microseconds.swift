extension Duration {
    /// The duration in whole microseconds, as MPRIS positions and lengths travel (`x`), clamped
    /// to the range of `Int64`.
    var mprisMicroseconds: Int64 {
        let (seconds, attoseconds) = components
        let (micros, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        let (total, sumOverflow) = micros.addingReportingOverflow(attoseconds / 1_000_000_000_000)
        return sumOverflow ? (micros < 0 ? .min : .max) : total
    }
}
