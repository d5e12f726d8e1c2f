extension PolicyEngine {
    /// Whether `info` differs from what the engine holds for its stream in anything the policy
    /// reads: direction, session, app, running state, device, role, the server-module mark and the
    /// properties the exclusions compare. Other properties (`media.name`, which Firefox rewrites
    /// at every change of a tab's title) are shown by status and explain but decide nothing, so a
    /// change of only those must not re-decide the stream: re-deciding a paused, silenced stream
    /// resumed it, and the call silenced and paused it again, at every title change.
    func changesPolicyFacts(_ info: StreamInfo) -> Bool {
        guard let old = state.streams[info.id]?.info else { return true }
        guard
            old.direction == info.direction, old.session == info.session, old.app == info.app,
            old.isSounding == info.isSounding, old.device == info.device, old.mediaRole == info.mediaRole,
            old.leftToServerModule == info.leftToServerModule
        else { return true }
        return state.policy.exclusions.contains { old.properties[$0.property] != info.properties[$0.property] }
    }
}
