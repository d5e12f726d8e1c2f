/// Commands to the server. Each one is queued on the connection and returns at once; the server
/// applies them in order. Call ``sync()`` to wait until it has, and to learn about its errors.
extension PipeWireConnection {
    /// Sets fields of a node's `Props` param; nil fields are left as they are.
    ///
    /// ```swift
    /// try connection.setProps(PipeWireNodeProps(volume: 0.3), onNode: music.id)   // duck to 30 %
    /// try await connection.sync()
    /// ```
    ///
    /// - Throws: ``PipeWireError/Code/noSuchObject`` when `id` is no node in the mirror;
    ///   ``PipeWireError/Code/invalidArgument`` when `channelVolumes` has another count than the
    ///   node's channels (PipeWire 0.3.65 would store the wrong count without complaint).
    ///
    /// The corresponding libpipewire call is `pw_node_set_param` with `SPA_PARAM_Props`.
    public func setProps(_ props: PipeWireNodeProps, onNode id: UInt32) throws(PipeWireError) {
        try withNode(id, doing: "set Props") { node throws(PipeWireError) in
            if let volumes = props.channelVolumes,
                let channels = state.globals[id]?.node?.props?.channelVolumes?.count, volumes.count != channels
            {
                throw PipeWireError(
                    code: .invalidArgument, operation: "set Props on node \(id)",
                    message: "\(volumes.count) channel volumes for a node with \(channels) channels")
            }
            try LibPipeWire.nodeSetProps(node.proxy, props)
        }
    }

    /// Sends a command (Pause, Start) to a node.
    ///
    /// ```swift
    /// try connection.send(.pause, toNode: music.id)   // silent; the node may still say running
    /// ```
    ///
    /// - Throws: ``PipeWireError/Code/noSuchObject`` when `id` is no node in the mirror.
    ///
    /// The corresponding libpipewire call is `pw_node_send_command`.
    public func send(_ command: PipeWireNodeCommand, toNode id: UInt32) throws(PipeWireError) {
        try withNode(id, doing: "send \(command.rawValue)") { node throws(PipeWireError) in
            try LibPipeWire.nodeSendCommand(node.proxy, command)
        }
    }

    /// Sets `key` of `subject` in the metadata object `metadataName`.
    ///
    /// ```swift
    /// // Ask WirePlumber to move a stream to the headphones (by node name or object.serial).
    /// try connection.setMetadataProperty("target.object", of: stream.id, type: nil, value: "headphones")
    /// ```
    ///
    /// - Throws: ``PipeWireError/Code/noSuchObject`` when there is no such metadata object.
    ///
    /// The corresponding libpipewire call is `pw_metadata_set_property`.
    public func setMetadataProperty(
        _ key: String, of subject: UInt32, type: String?, value: String, in metadataName: String = "default"
    ) throws(PipeWireError) {
        try withMetadata(metadataName, doing: "set \(key) of \(subject)") { metadata throws(PipeWireError) in
            try LibPipeWire.metadataSetProperty(metadata.proxy, subject: subject, key: key, type: type, value: value)
        }
    }

    /// Removes `key` of `subject` from the metadata object `metadataName`: for `target.object`
    /// the session manager decides again where the stream goes.
    ///
    /// ```swift
    /// try connection.removeMetadataProperty("target.object", of: stream.id)
    /// ```
    ///
    /// - Throws: ``PipeWireError/Code/noSuchObject`` when there is no such metadata object.
    ///
    /// The corresponding libpipewire call is `pw_metadata_set_property` with a NULL value.
    public func removeMetadataProperty(_ key: String, of subject: UInt32, in metadataName: String = "default")
        throws(PipeWireError)
    {
        try withMetadata(metadataName, doing: "remove \(key) of \(subject)") { metadata throws(PipeWireError) in
            try LibPipeWire.metadataSetProperty(metadata.proxy, subject: subject, key: key, type: nil, value: nil)
        }
    }

    private func withNode(
        _ id: UInt32, doing action: String, _ body: (BoundNode) throws(PipeWireError) -> Void
    ) throws(PipeWireError) {
        try state.loop.withLock { () throws(PipeWireError) in
            if let failure = state.failure { throw failure }
            guard let node = state.nodes[id] else {
                throw PipeWireError(
                    code: .noSuchObject, operation: "\(action) on node \(id)",
                    message: "no node with id \(id) on the server (it is gone, or never was a node)")
            }
            try body(node)
        }
    }

    private func withMetadata(
        _ name: String, doing action: String, _ body: (BoundMetadata) throws(PipeWireError) -> Void
    ) throws(PipeWireError) {
        try state.loop.withLock { () throws(PipeWireError) in
            if let failure = state.failure { throw failure }
            guard let metadata = state.metadata.values.first(where: { $0.name == name }) else {
                throw PipeWireError(
                    code: .noSuchObject, operation: "\(action) in metadata \"\(name)\"",
                    message: "no metadata object named \"\(name)\" on the server")
            }
            try body(metadata)
        }
    }
}
