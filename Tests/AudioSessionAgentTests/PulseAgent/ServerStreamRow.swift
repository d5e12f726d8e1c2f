import AudioSessionTesting
import Foundation

/// One sink input or source output as `pactl -f json` lists it: what the scenario world reads back
/// from the server (mute, volume, cork) and what it finds a new client's stream by.
struct ServerStreamRow: Sendable {
    enum Direction: String, Sendable {
        case playback = "sink-inputs"
        case capture = "source-outputs"
    }

    var direction: Direction
    var index: Int
    var ownerModule: Int?
    var isCorked: Bool
    var isMuted: Bool
    var volumePercents: [Int]
    var properties: [String: String]

    /// Every stream of `direction` the server has now.
    static func list<Server: PulseProtocolServer>(_ direction: Direction, on server: Server) async throws -> [ServerStreamRow] {
        let json = try await server.pactl("-f", "json", "list", direction.rawValue)
        let items = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
        return items.compactMap { item in
            guard let index = item["index"] as? Int else { return nil }
            var percents: [Int] = []
            for (_, channel) in (item["volume"] as? [String: [String: Any]] ?? [:]).sorted(by: { $0.key < $1.key }) {
                if let text = channel["value_percent"] as? String, let percent = Int(text.dropLast()) { percents.append(percent) }
            }
            var properties: [String: String] = [:]
            for (key, value) in item["properties"] as? [String: Any] ?? [:] { properties[key] = "\(value)" }
            return ServerStreamRow(
                direction: direction, index: index, ownerModule: item["owner_module"] as? Int,
                isCorked: item["corked"] as? Bool ?? false, isMuted: item["mute"] as? Bool ?? false,
                volumePercents: percents, properties: properties)
        }
    }
}
