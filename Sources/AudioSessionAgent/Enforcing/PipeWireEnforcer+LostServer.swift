import AudioSessionContract
import Logging
import PipeWireBackend
import SoundServer

/// WirePlumber's saved state across a PipeWire restart.
///
/// WirePlumber saves a node's Props `volume` and `mute` per restore key, the agent's duck and
/// mute included; the agent writes the user's values back through `route-settings` (WirePlumber
/// 0.4) or gives them to the key's next stream (0.5, ``OwedStreamValues``). When PipeWire goes
/// away before that has reached WirePlumber's file, the restarted WirePlumber gives the next
/// stream of the key the agent's values (seen: music at 0.3 after a restart, kept for good; a
/// legacy phone stream held muted after an unplug, its agent killed and PipeWire restarted before
/// the next agent's recovery: the Communication role saved muted, issue 18's soak round 160). So
/// the agent that lost the server hands what it owes to the next one: the keys of the nodes it
/// ducks or mutes, of the repairs it wrote lately, of what it owed next streams, and of every
/// stream a previous agent left in the journal. The next one writes them into `route-settings`
/// at once and gives each new stream of such a key the user's values.
extension PipeWireEnforcer {
    /// What this agent owes WirePlumber's saved state if PipeWire went away now, by restore key.
    /// Loop lock held; call before ``abandon()``.
    func owedRestoreRepairs() -> [WirePlumberRestoreKey: OwedStreamValues] {
        var owed: [WirePlumberRestoreKey: OwedStreamValues] = [:]
        func add(_ key: WirePlumberRestoreKey, _ values: OwedStreamValues) {
            if !values.isEmpty { owed[key, default: OwedStreamValues()].add(values) }
        }
        for (name, values) in owedToNextStream {
            if let key = WirePlumberRestoreKey(rawValue: name) { add(key, values) }
        }
        for (_, restores) in pendingRestoresByStream {
            let values = Self.owedValues(journalled: restores)
            if let key = values.key { add(key, OwedStreamValues(factor: values.factor, unmute: values.wasMuted == false)) }
        }
        for (key, recent) in recentRepairs.unsaved(at: clock.now) { add(key, recent) }
        for (key, factor) in unsettled { add(key, OwedStreamValues(factor: factor, unmute: false)) }
        for (key, muted) in unsettledMutes { add(key, OwedStreamValues(unmute: !muted)) }
        // What the agent holds knows the user's values better than the journal's lines.
        for state in enforced.values {
            if let key = state.restoreKey { add(key, OwedStreamValues(factor: state.duck?.base.nodeFactor, unmute: state.owedMute == false)) }
        }
        return owed
    }

    /// Remembers a repair written now (``RecentRepairs``), added to one written lately.
    func rememberRepair(_ key: WirePlumberRestoreKey, factor: Double?, unmute: Bool) {
        recentRepairs.remember(key, at: clock.now) { remembered in
            var values = remembered ?? OwedStreamValues()
            values.add(OwedStreamValues(factor: factor, unmute: unmute))
            return values
        }
    }

    /// A stream's journal lines as its restore key and the user's values they keep: the node's
    /// own factor under a duck, and its mute before the agent's.
    static func owedValues(journalled restores: [PendingRestore]) -> (key: WirePlumberRestoreKey?, factor: Double?, wasMuted: Bool?) {
        var key: WirePlumberRestoreKey?
        var factor: Double?
        var wasMuted: Bool?
        for restore in restores {
            switch restore {
            case .restoreEntry(_, let name): key = WirePlumberRestoreKey(rawValue: name)
            case .volume(_, .nodeFactor(let base), _): factor = base
            case .silence(_, .mute(let muted)): wasMuted = muted
            default: break
            }
        }
        return (key, factor, wasMuted)
    }

    /// Writes what the previous agent owed when it lost the server into `route-settings`
    /// (WirePlumber 0.4 takes it at once); each key stays owed to its next stream. Loop lock held.
    func writeLostServerRepairs() {
        for (key, owed) in lostServerRepairs.entries.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            logger.info(
                "repairing a saved stream state the agent held when PipeWire went away",
                metadata: ["restore.key": "\(UntrustedText.excerpt(key.rawValue))"])
            if let factor = owed.factor {
                write(factor, into: key)
                unsettled[key] = factor
            }
            if owed.unmute { repairRestoreEntry(key, muted: false) }
        }
        if !lostServerRepairs.isEmpty { settler?.arm(after: Self.settleDelay) }
    }

    /// A stream of a key the previous agent owed appeared: it is watched for the agent's values
    /// WirePlumber applies as it links it (its saved state may be the agent's until a stream of
    /// the key changes), and a factor other than its own is put right at once. The key is done
    /// with. Loop lock held.
    func repairAfterLostServer(_ ref: ServerStreamRef, _ stream: SoundStream) {
        guard let key = WirePlumberRestoreKey(stream.properties), let owed = lostServerRepairs.entries[key] else { return }
        lostServerRepairs[key] = nil
        logger.debug(
            "watching a new stream of a key whose saved state the agent held when PipeWire went away",
            metadata: ["stream.id": "\(ref.id)", "restore.key": "\(UntrustedText.excerpt(key.rawValue))"])
        // The shown factor, read before the watch gives the node its own one back.
        if let factor = owed.factor, let shown = connection.globals[ref.index]?.node?.props?.volume, abs(Double(shown) - factor) > 0.001 {
            logger.info(
                "WirePlumber saved a ducked factor when PipeWire went away: its entry gets the stream's own",
                metadata: ["stream.id": "\(ref.id)"])
            repairRestoreEntry(EnforcedStream(ref: ref, last: stream), factor: factor)
        }
        watch(ref, for: owed)
    }
}
