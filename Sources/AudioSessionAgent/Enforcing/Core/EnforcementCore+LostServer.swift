import SoundServer

/// What the server's restore store is owed if the server went away now, written once for both
/// protocols: the server saves its store with each change of a stream, so a loss while the agent
/// holds a stream, or before the server saved a repair, leaves the agent's values saved for the
/// next stream of the role after the restart (``LostServerRepairs``). Each protocol writes what is
/// handed over in its own way (a restore entry on the pulse protocol, `route-settings` and the
/// next stream natively).
extension EnforcementCore {
    /// What this agent owes the restore store's entries if the server went away now, by entry
    /// name: what entries owe their next stream, what the journal keeps of every stream a
    /// previous agent or this one left in it, the repairs the server may not have saved yet, and
    /// what the agent holds now, which knows the user's values better than the journal's lines.
    /// Call before the enforcer is abandoned.
    func owedRestoreRepairs() -> [String: OwedStreamValues] {
        var owed: [String: OwedStreamValues] = [:]
        func add(_ entry: String, _ values: OwedStreamValues) {
            if !values.isEmpty { owed[entry, default: OwedStreamValues()].add(values) }
        }
        for (entry, values) in owedToNextStream { add(entry, values) }
        for (_, restores) in pendingRestoresByStream {
            let journalled = OwedStreamValues.journalled(restores)
            if let entry = journalled.entry { add(entry, journalled.values) }
        }
        for (entry, values) in recentRepairs.unsaved() { add(entry, values) }
        for state in enforced.values {
            if let held = restoreStoreValues(of: state) { add(held.entry, held.values) }
        }
        return owed
    }

    /// Remembers a repair of `entry` written now (``RecentRepairs``), added to one written lately.
    func rememberRepair(_ entry: String, _ values: OwedStreamValues) {
        recentRepairs.remember(entry) { remembered in
            var added = remembered ?? OwedStreamValues()
            added.add(values)
            return added
        }
    }
}
