import AudioSessionTesting
import Foundation

/// What `audiosessionctl explain` says about a stream pactl shows.
extension AgentRig {
    /// The agent's id of the playback stream named `name`, once `status --json` lists it. Ids name
    /// the stream's serial, which is the pactl index on both servers (pipewire-pulse's index is
    /// the node's `object.serial`, which the native backend uses too).
    func agentStreamID(named name: String) async throws -> String {
        let index = try await waitForStream(name).index
        return try await waitForValue("the agent lists \(name)") { () async throws -> String? in
            let status = try await ctl(["status", "--json"])
            let object = try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any]
            let streams = object?["streams"] as? [[String: Any]] ?? []
            return streams.lazy.compactMap { $0["stream"] as? String }.first { $0.hasPrefix("sink-input:\(index)@") }
        }
    }

    /// `audiosessionctl explain` of the playback stream named `name`: its standard output.
    func explain(_ name: String) async throws -> String {
        try await ctl(["explain", try await agentStreamID(named: name)]).standardOutput
    }
}
