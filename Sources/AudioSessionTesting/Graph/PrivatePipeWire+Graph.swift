/// Lookups over the live PipeWire graph, read with `pw-dump`.
extension PrivatePipeWire {
    /// Every object of the graph now.
    ///
    /// A dump taken while streams came and went was once seen not to parse; a dump that does not
    /// parse is taken again, up to three times, before the error is thrown.
    ///
    /// ```swift
    /// let clients = try await pipewire.objects().filter { $0.type == "PipeWire:Interface:Client" }
    /// ```
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
    ///
    /// ```swift
    /// let streams = try await pipewire.nodes().filter { $0.properties["media.class"] == "Stream/Output/Audio" }
    /// ```
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
    ///
    /// ```swift
    /// let targets = try await pipewire.metadata(named: "default").filter { $0.key == "target.object" }
    /// ```
    public func metadata(named name: String) async throws -> [PipeWireObject.MetadataEntry] {
        try await objects()
            .first { $0.type == "PipeWire:Interface:Metadata" && $0.properties["metadata.name"] == name }?.metadata ?? []
    }

    /// Sets `key` of `subject` in the metadata object `name` (as `pw-metadata -n NAME -- SUBJECT KEY VALUE TYPE`).
    ///
    /// ```swift
    /// try await pipewire.setMetadata("default", subject: node.id, key: "target.object", value: "-1", type: "Spa:Id")
    /// ```
    public func setMetadata(_ name: String, subject: Int, key: String, value: String, type: String) async throws {
        _ = try await stackTool("pw-metadata", ["-n", name, "--", String(subject), key, value, type])
    }
}
