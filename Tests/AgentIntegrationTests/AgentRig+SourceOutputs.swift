import AudioSessionTesting
import Foundation

extension AgentRig {
    /// The source output (capture stream) whose media.name is `name`, as `pactl -f json` shows it.
    func sourceOutput(named name: String) async throws -> [String: Any]? {
        let json = try await server.pactl("-f", "json", "list", "source-outputs")
        let outputs = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
        return outputs.first { ($0["properties"] as? [String: Any])?["media.name"] as? String == name }
    }
}
