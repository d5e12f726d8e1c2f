extension Graph {
    /// Puts `device` into the graph and returns the event that describes the change, or `nil`
    /// when the graph already held exactly this device.
    ///
    /// ```swift
    /// if let event = graph.update(device) { deliver(event) }
    /// ```
    public mutating func update(_ device: SoundDevice) -> GraphEvent? {
        let old = device.kind == .sink ? sinks.updateValue(device, forKey: device.index)
            : sources.updateValue(device, forKey: device.index)
        guard let old else { return .deviceAppeared(device) }
        return old == device ? nil : .deviceChanged(old: old, new: device)
    }

    /// Puts `stream` into the graph and returns the event that describes the change, if any.
    public mutating func update(_ stream: SoundStream) -> GraphEvent? {
        let old = stream.kind == .playback ? sinkInputs.updateValue(stream, forKey: stream.index)
            : sourceOutputs.updateValue(stream, forKey: stream.index)
        guard let old else { return .streamAppeared(stream) }
        return old == stream ? nil : .streamChanged(old: old, new: stream)
    }

    /// Puts `client` into the graph and returns the event that describes the change, if any.
    public mutating func update(_ client: SoundClient) -> GraphEvent? {
        guard let old = clients.updateValue(client, forKey: client.index) else { return .clientAppeared(client) }
        return old == client ? nil : .clientChanged(old: old, new: client)
    }

    /// Puts `module` into the graph and returns the event that describes the change, if any.
    public mutating func update(_ module: SoundModule) -> GraphEvent? {
        guard let old = modules.updateValue(module, forKey: module.index) else { return .moduleAppeared(module) }
        return old == module ? nil : .moduleChanged(old: old, new: module)
    }

    /// Replaces the server facts and returns the event that describes the change, if any.
    public mutating func update(_ info: ServerInfo) -> GraphEvent? {
        let old = server
        server = info
        return old == info ? nil : .serverChanged(old: old, new: info)
    }

    /// Removes the object `id` names and returns its vanishing event, or `nil` when the graph
    /// did not hold it.
    ///
    /// ```swift
    /// graph.remove(GraphObjectID(kind: .sinkInput, index: 7))
    /// ```
    @discardableResult
    public mutating func remove(_ id: GraphObjectID) -> GraphEvent? {
        switch id.kind {
        case .sink: sinks.removeValue(forKey: id.index).map(GraphEvent.deviceVanished)
        case .source: sources.removeValue(forKey: id.index).map(GraphEvent.deviceVanished)
        case .sinkInput: sinkInputs.removeValue(forKey: id.index).map(GraphEvent.streamVanished)
        case .sourceOutput: sourceOutputs.removeValue(forKey: id.index).map(GraphEvent.streamVanished)
        case .client: clients.removeValue(forKey: id.index).map(GraphEvent.clientVanished)
        case .module: modules.removeValue(forKey: id.index).map(GraphEvent.moduleVanished)
        }
    }
}
