import AudioSessionTesting
import PulseBackend

extension AgentRig {
    /// Stock PulseAudio's stream-restore entries by name (module-stream-restore's database, read
    /// over the protocol's extension); empty on a server without the module.
    func restoreEntries() async throws -> [String: StreamRestoreEntry] {
        guard setup == .pulseStock else { return [:] }
        let connection = try await PulseConnection.connect(server: server.serverAddress)
        defer { connection.disconnect() }
        var entries: [String: StreamRestoreEntry] = [:]
        for entry in try await connection.streamRestoreEntries() { entries[entry.name] = entry }
        return entries
    }
}
