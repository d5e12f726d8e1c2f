/// Reading the mirror. Each accessor returns a snapshot taken with the loop locked.
extension PipeWireConnection {
    /// Every global the server announced and has not removed, by id.
    ///
    /// ```swift
    /// let speaker = connection.globals.values.first { $0.name == "speaker" }
    /// ```
    public var globals: [UInt32: PipeWireGlobal] {
        state.loop.withLock { state.globals }
    }

    /// The nodes whose `node.name` is `name` (usually one).
    ///
    /// ```swift
    /// let speaker = connection.nodes(named: "speaker").first
    /// ```
    public func nodes(named name: String) -> [PipeWireGlobal] {
        globals.values.filter { $0.type == .node && $0.name == name }.sorted { $0.id < $1.id }
    }

    /// Every metadata object with its entries.
    ///
    /// ```swift
    /// print(connection.metadataObjects.map(\.name))   // ["settings", "default", "route-settings"]
    /// ```
    public var metadataObjects: [PipeWireMetadata] {
        state.loop.withLock { state.metadata.values.map(\.snapshot) }.sorted { $0.id < $1.id }
    }

    /// The metadata object called `name` (`default`, `settings`, `route-settings`, ...), if any.
    ///
    /// ```swift
    /// let target = connection.metadata(named: "default")?.value(forKey: "target.object", subject: stream.id)
    /// ```
    public func metadata(named name: String) -> PipeWireMetadata? {
        metadataObjects.first { $0.name == name }
    }

    /// The default and configured default devices from the `default` metadata.
    ///
    /// ```swift
    /// let sink = connection.defaults.audioSink   // "speaker"
    /// ```
    public var defaults: PipeWireDefaults { PipeWireDefaults(metadata(named: "default")) }
}
