import Foundation

/// One object of a PipeWire graph as `pw-dump` shows it.
public struct PipeWireObject: Sendable, Equatable {
    /// The global id (recycled by the server; prefer ``serial`` to follow an object).
    public var id: Int
    /// The interface type, e.g. `PipeWire:Interface:Node`.
    public var type: String
    /// The object's `info.props` (or metadata entries' values), stringified.
    public var properties: [String: String]
    /// The node's state (`running`, `idle`, `suspended`, ...), for nodes.
    public var state: String?
    /// The `object.serial` property as a number, when present.
    public var serial: Int? { properties["object.serial"].flatMap { Int($0) } }
    /// The node's `Props` parameters as JSON text, for nodes that publish them.
    public var propsJSON: String?
    /// Metadata entries (`subject`, `key`, `type`, `value` as JSON text), for metadata objects.
    public var metadata: [MetadataEntry]

    /// One entry of a PipeWire metadata object.
    public struct MetadataEntry: Sendable, Equatable {
        public var subject: Int
        public var key: String
        public var type: String?
        public var value: String
    }
}

/// Parses `pw-dump` output, so tests read the graph from JSON instead of pw-cli's text.
///
/// ```swift
/// let objects = try PipeWireObjects.parse(try await pipewire.pwDump())
/// let music = objects.first { $0.properties["media.role"] == "Music" }
/// ```
public enum PipeWireObjects {
    /// The objects in `json` (the array `pw-dump` prints).
    public static func parse(_ json: String) throws -> [PipeWireObject] {
        guard case .array(let array) = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8)) else { return [] }
        return array.compactMap { object in
            guard let id = object["id"]?.number, case .string(let type)? = object["type"] else { return nil }
            let info = object["info"]
            var properties: [String: String] = [:]
            if case .object(let props)? = info?["props"] ?? object["props"] {
                for (key, value) in props { properties[key] = value.text }
            }
            var entries: [PipeWireObject.MetadataEntry] = []
            if case .array(let items)? = object["metadata"] {
                for entry in items {
                    guard let subject = entry["subject"]?.number, case .string(let key)? = entry["key"] else { continue }
                    let type: String? = if case .string(let type)? = entry["type"] { type } else { nil }
                    entries.append(.init(subject: Int(subject), key: key, type: type, value: entry["value"]?.text ?? ""))
                }
            }
            let state: String? = if case .string(let state)? = info?["state"] { state } else { nil }
            return PipeWireObject(
                id: Int(id), type: type, properties: properties, state: state,
                propsJSON: info?["params"]?["Props"]?.text, metadata: entries)
        }
    }

    /// The nodes among `objects`.
    public static func nodes(in objects: [PipeWireObject]) -> [PipeWireObject] {
        objects.filter { $0.type == "PipeWire:Interface:Node" }
    }
}
