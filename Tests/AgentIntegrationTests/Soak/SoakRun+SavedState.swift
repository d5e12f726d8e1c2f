import AudioSessionTesting
import Foundation
import PulseBackend
import SoundServer

/// The server's saved state, which outlives every stream: nothing the agent did may be saved there.
/// The soak never sets a volume, mute or device by hand, so any saved mute, volume other than
/// 100 % or device is the agent's (or the server's reaction to it) left behind.
extension SoakRun {
    /// Stock PulseAudio's stream-restore database; WirePlumber's restore-stream file and its
    /// route-settings metadata on PipeWire. Nothing on minimal PulseAudio, which saves nothing.
    func checkSavedState() async throws {
        switch settings.setup {
        case .pulseMinimal:
            return
        case .pulseStock:
            try await check("stream-restore holds no volume, mute or device of the agent's") {
                let entries = try await Self.savedRestoreEntries(of: rig)
                let left = entries.filter { name, entry in baselineRestoreEntries[name] != entry && !Self.isClean(entry) }
                return left.isEmpty ? nil : left.sorted { $0.key < $1.key }.map { "\($0.key): \(Self.describe($0.value))" }.joined(separator: "; ")
            }
        case .pipewirePulse, .pipewireNative:
            try await playNextStreamOfLeakedKeys()
            try await checkWirePlumber("WirePlumber's restore-stream file holds no volume, mute or target of the agent's") {
                try wirePlumberLeaks()
            }
            try await checkWirePlumber("route-settings holds no volume, mute or target of the agent's") {
                var left: [String: String] = [:]
                for entry in try await rig.pipewire.metadata(named: "route-settings") where !Self.isCleanRouteSetting(entry.value) {
                    left[entry.key] = entry.value
                }
                return left
            }
        }
    }

    /// A check of WirePlumber's saved state: `leaks` (key: value) must come back empty.
    func checkWirePlumber(_ name: String, _ leaks: () async throws -> [String: String]) async throws {
        try await check(name) {
            let left = try await leaks()
            return left.isEmpty ? nil : left.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value)" }.joined(separator: "; ")
        }
    }

    /// The keys of WirePlumber's restore-stream file that hold something the soak never chose.
    func wirePlumberLeaks() throws -> [String: String] {
        try rig.pipewire.wirePlumberState("restore-stream").filter { key, value in !Self.isCleanWirePlumberValue(key: key, value: value) }
    }

    /// What the server has saved, for the run's last lines: how many entries, and which.
    func savedStateSummary() async throws -> String {
        switch settings.setup {
        case .pulseMinimal:
            return "none (minimal PulseAudio saves nothing)"
        case .pulseStock:
            let entries = try await Self.savedRestoreEntries(of: rig)
            return "stream-restore \(entries.count) entries: "
                + entries.sorted { $0.key < $1.key }.map { "\($0.key) (\(Self.describe($0.value)))" }.joined(separator: "; ")
        case .pipewirePulse, .pipewireNative:
            let saved = try rig.pipewire.wirePlumberState("restore-stream")
            let routeSettings = try await rig.pipewire.metadata(named: "route-settings")
            return "WirePlumber restore-stream \(saved.count) keys ("
                + saved.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
                + "); route-settings \(routeSettings.count) entries ("
                + routeSettings.map { "\($0.key)=\($0.value)" }.joined(separator: " ") + ")"
        }
    }

    /// Stock PulseAudio's stream-restore entries by name; empty on a server without the module.
    static func savedRestoreEntries(of rig: AgentRig) async throws -> [String: StreamRestoreEntry] {
        try await rig.restoreEntries()
    }

    /// An entry that saves nothing but the defaults: no mute, 100 % or no volume, no device.
    static func isClean(_ entry: StreamRestoreEntry) -> Bool {
        !entry.isMuted && entry.deviceName == nil && (entry.volume?.allSatisfy { abs($0.level - 1) < 0.001 } ?? true)
    }

    static func describe(_ entry: StreamRestoreEntry) -> String {
        "volume \(entry.volume?.description ?? "none"), mute \(entry.isMuted), device \(entry.deviceName ?? "none")"
    }

    /// One key of WirePlumber's restore-stream file holds nothing the soak did not choose:
    /// `...:volume`, `...:mute`, `...:channelVolumes` at their defaults, no `...:target`.
    static func isCleanWirePlumberValue(key: String, value: String) -> Bool {
        if key.hasSuffix(":mute") { return value == "false" }
        if key.hasSuffix(":volume") { return Double(value).map { abs($0 - 1) < 0.001 } ?? false }
        if key.hasSuffix(":channelVolumes") {
            return value.split(separator: ";").allSatisfy { Double($0).map { abs($0 - 1) < 0.001 } ?? false }
        }
        if key.hasSuffix(":target") { return false }
        return true
    }

    /// One route-settings value (JSON) holds no mute, no volume other than 1 and no target.
    static func isCleanRouteSetting(_ value: String) -> Bool {
        guard let json = try? JSONDecoder().decode(JSONValue.self, from: Data(value.utf8)), case .object = json else { return true }
        if json["mute"] == .bool(true) { return false }
        if let volume = json["volume"]?.number, abs(volume - 1) > 0.001 { return false }
        if case .array(let volumes)? = json["volumes"], volumes.contains(where: { abs(($0.number ?? 1) - 1) > 0.001 }) { return false }
        if let target = json["target"], target != .null { return false }
        return true
    }
}
