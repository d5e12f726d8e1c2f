extension ProcFiles {
    /// The 22nd field of `/proc/PID/stat`: when the process started, in clock ticks after boot.
    /// With the PID it names one process for good (a PID is reused, a PID and start time never).
    static func startTime(fromStat bytes: [UInt8]) -> UInt64? {
        guard let close = bytes.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
        // Fields after the command name start at the third (the state).
        guard fields.count >= 20 else { return nil }
        return UInt64(String(decoding: fields[19], as: UTF8.self))
    }
}
