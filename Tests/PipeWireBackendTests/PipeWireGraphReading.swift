import AudioSessionTesting
import Foundation
import PipeWireBackend

/// What independent clients (`pw-dump`, `pactl`) show about the graph, for checks that do not
/// trust the backend's own mirror.
enum PipeWireGraphReading {
    /// The `volume` factor in the Props `pw-dump` shows for node `id`.
    static func propsVolume(ofNode id: UInt32, in pipewire: PrivatePipeWire) async throws -> Double? {
        guard let node = try await pipewire.dump().first(where: { $0.id == Int(id) }),
            let json = node.propsJSON,
            case .array(let objects) = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        else { return nil }
        return objects.lazy.compactMap { $0["volume"]?.number }.first
    }

    /// The names of the nodes that node `id`'s output is linked to, as `pw-dump` shows the links.
    static func linkTargets(ofNode id: UInt32, in pipewire: PrivatePipeWire) async throws -> Set<String> {
        let objects = try await pipewire.dump()
        let names = Dictionary(
            objects.filter { $0.type == "PipeWire:Interface:Node" }.map { ($0.id, $0.properties["node.name"] ?? "") },
            uniquingKeysWith: { first, _ in first })
        return Set(
            objects.filter { $0.type == "PipeWire:Interface:Link" && $0.properties["link.output.node"] == String(id) }
                .compactMap { $0.properties["link.input.node"].flatMap(Int.init).flatMap { names[$0] } })
    }

    /// The `Volume:` line `pactl list sink-inputs` shows for the stream of `application`.
    static func pulseVolumeLine(ofApplication application: String, in pipewire: PrivatePipeWire) async throws -> String? {
        try await pulseLine("Volume:", ofApplication: application, in: pipewire)
    }

    /// The line starting with `prefix` that `pactl list sink-inputs` shows for the stream of `application`.
    static func pulseLine(_ prefix: String, ofApplication application: String, in pipewire: PrivatePipeWire) async throws -> String? {
        let listing = try await pipewire.pactl("list", "sink-inputs")
        let block = listing.components(separatedBy: "Sink Input #")
            .first { $0.contains("application.name = \"\(application)\"") }
        return block?.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(prefix) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
