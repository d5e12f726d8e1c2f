public import AudioPolicy

extension ScenarioStream {
    /// The stream as the agent's backend reports it when it appears: the kind's properties, the
    /// role, then the scenario's own properties over them.
    ///
    /// ```swift
    /// _ = engine.handle(.streamAppeared(song.info))
    /// ```
    public var info: StreamInfo {
        var properties = kind.properties
        if let role { properties["media.role"] = role }
        properties.merge(self.properties) { _, given in given }
        return StreamInfo(
            id: StreamID(name), direction: direction, properties: properties, session: session.map { SessionID($0) },
            app: AppIdentity(applicationID: app), isSounding: soundingWhenAppearing)
    }
}
