// The app's input mute (AVAudioApplication's `setInputMuted`): a fact of its session, not a rule
// of the policy. Every capture stream of the session is silenced while it holds, those that
// appear later too, whatever the policy says or excludes; it ends when the app unmutes or its
// session ends (the ended session's streams are no longer its).
extension PolicyEngine {
    /// Mutes or unmutes the session's input: its capture streams are decided again.
    mutating func setInputMuted(_ id: SessionID, _ muted: Bool) {
        guard let session = state.sessions[id], session.inputMuted != muted else { return }
        for stream in session.streams where state.streams[stream]?.info.direction == .capture { touch(stream) }
        state.sessions[id]?.inputMuted = muted
    }

    /// Whether the stream records for a session whose app muted its input. The agent's own
    /// streams are never the app's.
    func isInputMuted(_ stream: StreamRecord) -> Bool {
        guard stream.info.direction == .capture, stream.leftover == nil, stream.info.properties["audiosession.agent"] != "true",
            let session = stream.session.flatMap({ state.sessions[$0] })
        else { return false }
        return session.inputMuted
    }

    /// Whether the session's app muted its input; `nil` for an unknown session.
    ///
    /// ```swift
    /// engine.handle(.inputMuteChanged("call", muted: true))
    /// engine.isInputMuted(session: "call")   // true
    /// ```
    public func isInputMuted(session id: SessionID) -> Bool? {
        state.sessions[id]?.inputMuted
    }
}
