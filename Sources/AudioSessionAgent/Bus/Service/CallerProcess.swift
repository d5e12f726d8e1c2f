import Glibc

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

    /// The process's executable name: the last component of `/proc/PID/exe`, as PulseAudio's
    /// `application.process.binary` gives it; else `/proc/PID/comm` (cut at 15 bytes by the kernel).
    static func binaryName(of processID: Int32, procRoot: String = "/proc") -> String? {
        guard processID > 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("\(procRoot)/\(processID)/exe", &buffer, buffer.count - 1)
        if length > 0 {
            let path = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // A replaced executable reads "/usr/bin/app (deleted)".
            let current = path.hasSuffix(" (deleted)") ? String(path.dropLast(" (deleted)".count)) : path
            let name = current.split(separator: "/").last.map(String.init) ?? ""
            if !name.isEmpty { return name }
        }
        guard case .success(let bytes?) = FileSyscalls.contents(ofFile: "\(procRoot)/\(processID)/comm", limit: 64)
        else { return nil }
        let name = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        return name.isEmpty ? nil : name
    }
}
