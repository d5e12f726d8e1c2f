/// Lookups over the live PipeWire graph, read with `pw-dump`.
extension PrivatePipeWire {
    /// Every object of the graph now.
    ///
    /// A dump taken while objects come and go can be cut short; it is taken again (up to three
    /// times) rather than failing the test on a harness artefact.
    public func objects() async throws -> [PipeWireObject] {
        var attempt = 1
        while true {
            let dump = try await pwDump()
            do {
                return try PipeWireObjects.parse(dump)
            } catch where attempt < 3 {
                attempt += 1
            }
        }
    }

    /// Every node of the graph now.
    public func nodes() async throws -> [PipeWireObject] {
        PipeWireObjects.nodes(in: try await objects())
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
        try await objects()
            .first { $0.type == "PipeWire:Interface:Metadata" && $0.properties["metadata.name"] == name }?.metadata ?? []
    }

    /// Sets `key` of `subject` in the metadata object `name` (as `pw-metadata -n NAME -- SUBJECT KEY VALUE TYPE`).
    public func setMetadata(_ name: String, subject: Int, key: String, value: String, type: String) async throws {
        _ = try await tool("pw-metadata", ["-n", name, "--", String(subject), key, value, type])
    }
}
