import SoundServer

/// What a held stream's end leaves the next stream of its restore entry, where the server's
/// restore store keeps the agent's values whatever is repaired (``OwedStreamValues``): written
/// once for both protocols; each watches the next stream in its own vocabulary (the pulse
/// protocol's volume and mute of the stream, the node's Props natively).
extension EnforcementCore {
    /// A held stream ended: its entry owes the next stream the user's level under the duck (with
    /// the level the duck had reached) and the unmute of the agent's mute.
    func oweNextStream(of state: EnforcedStream) {
        guard let key = nextStreamKey(of: state) else { return }
        var owed = OwedStreamValues(unmute: state.owedMute == false)
        if let duck = state.duck {
            owed.level = duck.base
            owed.duckLevel = duck.level
        }
        oweNextStream(key, owed)
    }

    /// Records what the entry `key` owes its next stream, added to what it owed already.
    func oweNextStream(_ key: String, _ owed: OwedStreamValues) {
        guard !owed.isEmpty else { return }
        owedToNextStream[key, default: OwedStreamValues()].add(owed)
    }

    /// A new stream takes what its entry owes (the entry is done with: one stream's change makes
    /// the server save the user's values); `nil` when it owes nothing.
    func takeOwedValues(of stream: SoundStream) -> OwedStreamValues? {
        guard let key = actuator.restoreEntryName(of: stream) else { return nil }
        return owedToNextStream.removeValue(forKey: key)
    }

    /// Watches the new stream `serial` for the agent's values its entry's saved state may give
    /// it, owed `owed` instead (added to what it is watched for already, in the same window).
    func watchForOwedValues(_ serial: StreamSerial, _ owed: OwedStreamValues) {
        guard !owed.isEmpty else { return }
        owedWatches[serial, default: OwedValuesWatch()].owed.add(owed)
    }

    /// What `serial` is still watched for; `nil` once its window is over (the watch goes then).
    func watchedOwedValues(of serial: StreamSerial) -> OwedStreamValues? {
        guard let watch = owedWatches[serial] else { return nil }
        guard ContinuousClock.now < watch.until else {
            owedWatches[serial] = nil
            return nil
        }
        return watch.owed
    }

    /// The user's values the journal keeps for the streams other than `serial` whose restore
    /// entry is `entry`, this agent's or a previous one's, the oldest stream's first: a ducked
    /// sibling's level under its duck (with the duck's level) and a silenced sibling's mute state
    /// before the agent's mute. The server's restore store saves a held sibling's values under the
    /// shared entry, so a new stream of it may start with them.
    func journalledSiblingValues(forEntry entry: String, excluding serial: StreamSerial) -> OwedStreamValues {
        var values = OwedStreamValues()
        for (sibling, restores) in pendingRestoresByStream where sibling != serial {
            let journalled = OwedStreamValues.journalled(restores)
            guard journalled.entry == entry else { continue }
            if values.level == nil {
                values.level = journalled.values.level
                values.duckLevel = journalled.values.duckLevel
            }
            values.userMute = values.userMute ?? journalled.values.userMute
        }
        return values
    }
}
