import Foundation

extension PrivatePipeWire {
    /// WirePlumber's saved state file `name` (e.g. `restore-stream`, `default-nodes`) under the
    /// server's `XDG_STATE_HOME/wireplumber`, as key/value pairs; empty while the file does not exist.
    ///
    /// WirePlumber 0.4 writes these GKeyFile files about a second after a change. WirePlumber 0.5
    /// keeps the streams' state in `stream-properties` instead, one JSON object per key
    /// (`Output/Audio:media.role:Music={"volume":1.0, "mute":true, …}`): asked for
    /// `restore-stream`, it is read in 0.4's form, one `KEY:FIELD` entry per member with lists
    /// joined by `;` (`…:Music:mute=true`, `…:Music:channelVolumes=0.42;0.42;`), so one fact can be
    /// asserted on both versions.
    ///
    /// ```swift
    /// let saved = try pipewire.wirePlumberState("restore-stream")
    /// let volume = saved["Output/Audio:media.role:Music:volume"]
    /// ```
    public func wirePlumberState(_ name: String) throws -> [String: String] {
        let folder = (environment["XDG_STATE_HOME"] ?? directory + "/state") + "/wireplumber/"
        if name == "restore-stream", !FileManager.default.fileExists(atPath: folder + name),
            FileManager.default.fileExists(atPath: folder + "stream-properties")
        {
            return try Self.flattened(try Self.keyFile(at: folder + "stream-properties"))
        }
        guard FileManager.default.fileExists(atPath: folder + name) else { return [:] }
        return try Self.keyFile(at: folder + name)
    }

    private static func keyFile(at path: String) throws -> [String: String] {
        var entries: [String: String] = [:]
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
            guard !line.hasPrefix("["), !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { continue }
            entries[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return entries
    }

    /// WirePlumber 0.5's JSON objects as 0.4's `KEY:FIELD` entries.
    private static func flattened(_ entries: [String: String]) throws -> [String: String] {
        var flat: [String: String] = [:]
        for (key, text) in entries {
            guard case .object(let members) = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) else {
                flat[key] = text
                continue
            }
            for (field, value) in members {
                if case .array(let items) = value {
                    flat[key + ":" + field] = items.map { $0.text + ";" }.joined()
                } else {
                    flat[key + ":" + field] = value.text
                }
            }
        }
        return flat
    }
}
