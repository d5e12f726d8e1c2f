/// What PipeWire's `settings` metadata says of the graph clock now.
///
/// ```swift
/// let readings = ClockReadings(settings: ["clock.rate": "48000", "clock.quantum": "1024"])
/// readings.rate                 // 48000
/// readings.bufferDuration       // 0.021333…
/// ```
struct ClockReadings: Hashable, Sendable {
    /// The rate the graph runs at: `clock.force-rate` when set (not 0), else `clock.rate`.
    var rate: UInt32?
    /// The quantum in frames: `clock.force-quantum` when set, else `clock.quantum`.
    var quantum: UInt32?
    /// `clock.min-quantum` and `clock.max-quantum`, what a forced quantum is kept within.
    var minQuantum: UInt32?
    var maxQuantum: UInt32?

    init(settings: [String: String]) {
        func number(_ key: String) -> UInt32? { settings[key].flatMap { UInt32($0) }.flatMap { $0 == 0 ? nil : $0 } }
        rate = number(PipeWireSettingsClock.rateKey) ?? number("clock.rate")
        quantum = number(PipeWireSettingsClock.quantumKey) ?? number("clock.quantum")
        minQuantum = number("clock.min-quantum")
        maxQuantum = number("clock.max-quantum")
    }

    /// One quantum at the rate, in seconds.
    var bufferDuration: Double? {
        guard let rate, let quantum else { return nil }
        return Double(quantum) / Double(rate)
    }

    /// The quantum that lasts `seconds` at `rate` (the forced rate, else the graph's, else 48 kHz),
    /// kept within `clock.min-quantum`...`clock.max-quantum` (PipeWire ignores a forced quantum
    /// outside them).
    func quantum(lasting seconds: Double, at rate: UInt32?) -> UInt32 {
        let frames = (seconds * Double(rate ?? self.rate ?? 48_000)).rounded()
        let lower = Double(minQuantum ?? 1)
        let upper = Double(max(maxQuantum ?? 8_192, minQuantum ?? 1))
        return UInt32(min(max(frames, lower), upper))
    }
}
