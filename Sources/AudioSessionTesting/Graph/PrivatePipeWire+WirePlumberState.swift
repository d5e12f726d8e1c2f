import Foundation

extension PrivatePipeWire {
    /// WirePlumber's saved state file `name` (e.g. `restore-stream`, `default-nodes`) under the
    /// server's `XDG_STATE_HOME/wireplumber`, as key/value pairs; empty while the file does not exist.
    ///
    /// WirePlumber 0.4 writes these GKeyFile files about a second after a change.
    ///
    /// ```swift
    /// let saved = try pipewire.wirePlumberState("restore-stream")
    /// let volume = saved["Output/Audio:media.role:Music:volume"]
    /// ```
    public func wirePlumberState(_ name: String) throws -> [String: String] {
        let path = (environment["XDG_STATE_HOME"] ?? directory + "/state") + "/wireplumber/" + name
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        var entries: [String: String] = [:]
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
            guard !line.hasPrefix("["), !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { continue }
            entries[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return entries
    }
}
