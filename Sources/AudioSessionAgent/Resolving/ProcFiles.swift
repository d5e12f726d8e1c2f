/// Parsers for the `/proc` files ``LinuxProcessTable`` reads (pure, so tests can feed them text).
enum ProcFiles {
    /// The fourth field of `/proc/PID/stat`. The command name (second field) is in parentheses
    /// and may itself contain spaces and `)`, so fields are counted from the last `)`.
    static func parentProcessID(fromStat bytes: [UInt8]) -> Int32? {
        guard let close = bytes.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count >= 2 else { return nil }
        return Int32(String(decoding: fields[1], as: UTF8.self))
    }

    /// The innermost `app-*.scope` or `app-*.service` unit on the process's cgroup path, as systemd
    /// names the units desktops launch apps in (`app-gnome-org.gnome.Rhythmbox3-4100.scope`).
    static func appScope(fromCgroup bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(separator: "\n") {
            // cgroup v2: "0::/user.slice/.../app.slice/app-....scope"; v1 lines carry controllers.
            guard let path = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).last else {
                continue
            }
            if let unit = path.split(separator: "/").last(where: isAppUnit) { return String(unit) }
        }
        return nil
    }

    /// `name` in the `[Application]` group of `.flatpak-info` (a key file).
    static func applicationName(fromFlatpakInfo bytes: [UInt8]) -> String? {
        var group = ""
        for rawLine in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let line = rawLine.trimmingSpaces
            if line.hasPrefix("[") && line.hasSuffix("]") {
                group = String(line.dropFirst().dropLast())
            } else if group == "Application", let equals = line.firstIndex(of: "="),
                line[..<equals].trimmingSpaces == "name"
            {
                let value = line[line.index(after: equals)...].trimmingSpaces
                return value.isEmpty ? nil : String(value)
            }
        }
        return nil
    }

    /// The value of `name` in a NUL-separated `/proc/PID/environ`.
    static func variable(_ name: String, fromEnviron bytes: [UInt8]) -> String? {
        let prefix = Array((name + "=").utf8)
        for entry in bytes.split(separator: 0) where entry.starts(with: prefix) {
            return String(decoding: entry.dropFirst(prefix.count), as: UTF8.self)
        }
        return nil
    }

    private static func isAppUnit(_ unit: Substring) -> Bool {
        unit.hasPrefix("app-") && (unit.hasSuffix(".scope") || unit.hasSuffix(".service"))
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
