/// Observing the mirror's changes.
extension PipeWireConnection {
    /// A sequence of every event from now on, optionally preceded by a ``PipeWireEvent/globalAdded(_:)``
    /// for each global already mirrored.
    ///
    /// The sequence is registered before this returns (with the loop locked, so no event falls
    /// between the replay and the live events).
    ///
    /// ```swift
    /// for await event in connection.events() {
    ///     if case .globalChanged(let node) = event, node.node?.props?.mute == true { print(node.id, "muted") }
    /// }
    /// ```
    public func events(replayingCurrentGlobals: Bool = true) -> PipeWireEvents {
        state.loop.withLock {
            state.hub.subscribe(replay: replayingCurrentGlobals ? currentGlobalsReplay() : [])
        }
    }

    /// Calls `handler` synchronously for every event, on the loop thread with the loop locked: a
    /// reaction (a command through this connection) happens without a thread hop.
    ///
    /// The handler must return quickly and must not wait for anything, nor call ``close()``. With
    /// `replayingCurrentGlobals`, it is first called on the calling thread (loop locked) with a
    /// ``PipeWireEvent/globalAdded(_:)`` for each global already mirrored.
    ///
    /// ```swift
    /// let registration = connection.addEventHandler { [weak connection] event in
    ///     if case .globalAdded(let node) = event, node.type == .node {
    ///         try? connection?.setProps(PipeWireNodeProps(volume: 0.5), onNode: node.id)
    ///     }
    /// }
    /// ```
    @discardableResult
    public func addEventHandler(
        replayingCurrentGlobals: Bool = false, _ handler: @escaping @Sendable (PipeWireEvent) -> Void
    ) -> PipeWireEventHandlerRegistration {
        state.loop.withLock {
            state.hub.addHandler(replay: replayingCurrentGlobals ? currentGlobalsReplay() : [], handler)
        }
    }

    /// Stops calling the handler `registration` names.
    public func removeEventHandler(_ registration: PipeWireEventHandlerRegistration) {
        state.hub.removeHandler(registration)
    }

    /// `globalAdded` for each mirrored global, by id; call with the loop locked.
    private func currentGlobalsReplay() -> [PipeWireEvent] {
        state.globals.values.sorted { $0.id < $1.id }.map { .globalAdded($0) }
    }
}
