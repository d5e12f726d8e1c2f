
extension Graph {
    /// The events that take `old` to this graph, in an order a consumer can follow: the server's
    /// facts, devices and clients that appeared, streams that vanished, changed and appeared, then
    /// clients and devices that vanished. For mirrors that rebuild the graph (PipeWire's) rather
    /// than receive changes one by one (PulseAudio's subscription).
    ///
    /// ```swift
    /// for event in next.events(since: graph) { translator.handle(event, graph: next) }
    /// ```
    public func events(since old: Graph) -> [GraphEvent] {
        var events: [GraphEvent] = []
        if let server, old.server != server { events.append(.serverChanged(old: old.server, new: server)) }
        let oldDevices = old.sinks.values.map { $0 } + old.sources.values.map { $0 }
        let newDevices = sinks.values.map { $0 } + sources.values.map { $0 }
        let oldByID = Dictionary(oldDevices.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let newByID = Dictionary(newDevices.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for device in newDevices.sorted(by: { $0.index < $1.index }) {
            if let before = oldByID[device.id] {
                if before != device { events.append(.deviceChanged(old: before, new: device)) }
            } else {
                events.append(.deviceAppeared(device))
            }
        }
        for client in clients.values.sorted(by: { $0.index < $1.index }) {
            if let before = old.clients[client.index] {
                if before != client { events.append(.clientChanged(old: before, new: client)) }
            } else {
                events.append(.clientAppeared(client))
            }
        }
        let oldStreams = Array(old.sinkInputs.values) + Array(old.sourceOutputs.values)
        let newStreams = Array(sinkInputs.values) + Array(sourceOutputs.values)
        let newStreamIDs = Set(newStreams.map(\.id))
        let oldStreamsByID = Dictionary(oldStreams.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for stream in oldStreams.sorted(by: { $0.index < $1.index }) where !newStreamIDs.contains(stream.id) {
            events.append(.streamVanished(stream))
        }
        for stream in newStreams.sorted(by: { $0.index < $1.index }) {
            if let before = oldStreamsByID[stream.id] {
                // A recycled id is a new object: PipeWire's serial tells them apart.
                if before.serial != stream.serial {
                    events.append(.streamVanished(before))
                    events.append(.streamAppeared(stream))
                } else if before != stream {
                    events.append(.streamChanged(old: before, new: stream))
                }
            } else {
                events.append(.streamAppeared(stream))
            }
        }
        for client in old.clients.values.sorted(by: { $0.index < $1.index }) where clients[client.index] == nil {
            events.append(.clientVanished(client))
        }
        for device in oldDevices.sorted(by: { $0.index < $1.index }) where newByID[device.id] == nil {
            events.append(.deviceVanished(device))
        }
        return events
    }
}
