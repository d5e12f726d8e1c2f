/// What a previous agent's journal says a stream's restore entry is owed.
extension OwedStreamValues {
    /// The restore entry one stream's journal lines name (`nil` when they name none), with the
    /// user's values they keep: the level under a duck (with the duck's), the mute state before
    /// the agent's mute, the device before its move.
    ///
    /// ```swift
    /// OwedStreamValues.journalled([.restoreEntry(7, name: "sink-input-by-media-role:music"), .silence(7, by: .mute(wasMuted: false))])
    /// // ("sink-input-by-media-role:music", an unmute)
    /// ```
    static func journalled(_ restores: [PendingRestore]) -> (entry: String?, values: OwedStreamValues) {
        var entry: String?
        var values = OwedStreamValues()
        for restore in restores {
            switch restore {
            case .restoreEntry(_, let name): entry = name
            case .volume(_, let base, let duckLevel):
                values.level = base
                values.duckLevel = duckLevel
            case .silence(_, .mute(let wasMuted)): values.userMute = wasMuted
            // The Pause's mute replaced the user's unmuted state, which the server saved.
            case .silence(_, .pauseAndMute): values.userMute = false
            case .device(_, let original): values.device = original
            // A Pause is not saved; modules, profiles, processes and clock settings are no stream's.
            case .silence(_, .pause), .module, .cardProfile, .process, .clockSetting: break
            }
        }
        return (entry, values)
    }
}
