/// What the caller's process says about itself, read from `/proc/PID` (the PID the bus reported),
/// never from the call: its executable name and, inside a Flatpak sandbox, its app id.
enum CallerProcess {
    /// The caller's identity for the registry: the bus's unique name, PID and UID, plus the
    /// process binary or, for a Flatpak app, its app id (the PID is then the sandbox's bus proxy,
    /// whose binary says nothing about the app).
    static func caller(uniqueName: String, processID: Int32?, userID: UInt32?, processes: some ProcessTable) -> BusCaller {
        guard let processID else { return BusCaller(uniqueName: uniqueName, userID: userID) }
        if let flatpak = processes.flatpakAppID(of: processID) {
            return BusCaller(uniqueName: uniqueName, processID: processID, userID: userID, flatpakID: flatpak)
        }
        return BusCaller(
            uniqueName: uniqueName, processID: processID, userID: userID, processBinary: binaryName(of: processID))
    }

    /// The process's command name (`/proc/PID/comm`: the executable's name, at most 15 bytes).
    static func binaryName(of processID: Int32, procRoot: String = "/proc") -> String? {
        guard processID > 0,
            case .success(let bytes?) = FileSyscalls.contents(ofFile: "\(procRoot)/\(processID)/comm", limit: 64)
        else { return nil }
        let name = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        return name.isEmpty ? nil : name
    }
}
