import Foundation

/// Lookups over the live PipeWire graph, read with `pw-dump`.
extension PrivatePipeWire {
    /// Every node of the graph now.
    public func nodes() async throws -> [PipeWireObject] {
        PipeWireObjects.nodes(in: try PipeWireObjects.parse(try await pwDump()))
    }

    /// The first node whose property `key` is `value`, or nil.
    ///
    /// ```swift
    /// let music = try await waitForValue("pw-play's node") { try await pipewire.node(where: "media.role", is: "Music") }
    /// ```
    public func node(where key: String, is value: String) async throws -> PipeWireObject? {
        try await nodes().first { $0.properties[key] == value }
    }

    /// The entries of the metadata object named `name` (`default`, `route-settings`, ...); empty
    /// when it has none or does not exist.
    public func metadata(named name: String) async throws -> [PipeWireObject.MetadataEntry] {
        try PipeWireObjects.parse(try await pwDump())
            .first { $0.type == "PipeWire:Interface:Metadata" && $0.properties["metadata.name"] == name }?.metadata ?? []
    }

    /// Sets `key` of `subject` in the metadata object `name` (as `pw-metadata -n NAME -- SUBJECT KEY VALUE TYPE`).
    public func setMetadata(_ name: String, subject: Int, key: String, value: String, type: String) async throws {
        _ = try await tool("pw-metadata", ["-n", name, "--", String(subject), key, value, type])
    }
}

extension PipeWireObject {
    /// The first of the node's `Props` parameters (`volume`, `mute`, `channelVolumes`, ...), or nil.
    ///
    /// ```swift
    /// let volume = music.props?["volume"]?.number   // 1.0 unless someone scaled the stream
    /// ```
    public var props: JSONValue? {
        guard let propsJSON, case .array(let params)? = try? JSONDecoder().decode(JSONValue.self, from: Data(propsJSON.utf8))
        else { return nil }
        return params.first
    }
}
