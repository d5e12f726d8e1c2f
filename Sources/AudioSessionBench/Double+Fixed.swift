extension Double {
    /// The value with a fixed number of decimals, formatted without Foundation.
    func fixed(_ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (self * scale).rounded()
        guard scaled.isFinite, abs(scaled) < 9e18 else { return "\(self)" }
        let whole = Int(scaled)
        let integer = whole / Int(scale)
        guard decimals > 0 else { return "\(integer)" }
        let fraction = String(abs(whole % Int(scale)))
        let sign = whole < 0 && integer == 0 ? "-" : ""
        return sign + "\(integer)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}
