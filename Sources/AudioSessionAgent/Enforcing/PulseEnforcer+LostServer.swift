import AudioSessionContract
import Logging
import PulseBackend
import SoundServer

/// The restore database across a server restart.
///
/// The restore database outlives the server process (module-stream-restore's file on PulseAudio,
/// WirePlumber's state through pipewire-pulse) and can hold the agent's mute or duck when the
/// server goes away while the agent holds a stream: the entry is saved with each change, and the
/// agent's repair of it may not have been written, or saved, before the server ended (seen on
/// stock PulseAudio: music muted for good after a restart a second after a call silenced it).
/// The agent that lost the server cannot write to it any more, and the journal of the old
/// instance is discarded by the next agent. So the agent that lost the server hands the repairs it
/// owes to the next agent in the seat (as the native PipeWire agent does), which writes them on
/// the new server before it carries out any decision.
extension PulseEnforcer {
    /// The repairs owed when the server went away, by entry name: each stream the agent holds
    /// ducked, silenced or moved, each ended stream whose repair had not settled, and each stream a
    /// previous agent left in the journal. Loop lock held; call before ``abandon()``.
    func owedRestoreRepairs() -> [String: RestoreRepair] {
        var owed: [String: RestoreRepair] = [:]
        var journalled: [StreamSerial: [PendingRestore]] = [:]
        for restore in journal.pendingRestores {
            if let serial = restore.key.stream { journalled[serial, default: []].append(restore) }
        }
        for restores in journalled.values {
            if let repair = RestoreRepair(journalled: restores) { owed[repair.name] = repair }
        }
        // A repair the server may not have saved yet (``recentRepairWindow``).
        let since = ContinuousClock.now - Self.recentRepairWindow
        for (name, recent) in recentRepairs where recent.at > since { owed[name] = recent.repair }
        // What the agent holds knows the user's values better than the journal's lines.
        for repair in repairsToSettle.values { owed[repair.name] = repair }
        for state in enforced.values {
            if let repair = restoreRepair(of: state) { owed[repair.name] = repair }
        }
        return owed
    }

    /// How long a written repair counts as not yet saved by the server: WirePlumber (behind
    /// pipewire-pulse) saves its state a moment after a change, and a PipeWire crash in between
    /// loses it (issue 18's soak on pipewire-pulse, round 156: the Communication role saved muted
    /// after the agent's recovery unmuted the held stream and PipeWire restarted at once).
    static let recentRepairWindow = Duration.seconds(10)

    /// Remembers `repair` as written now; older ones are forgotten.
    func rememberRepair(_ repair: RestoreRepair) {
        let now = ContinuousClock.now
        recentRepairs = recentRepairs.filter { $0.value.at > now - Self.recentRepairWindow }
        recentRepairs[repair.name] = (repair, now)
    }

    /// Writes the repairs the previous agent owed when it lost the server, each kept in
    /// ``lostServerRepairs`` until the server took it (a further loss hands it on). Call before
    /// the first decision, so that a stream this agent silences or ducks again is repaired after.
    /// Loop lock held.
    func writeLostServerRepairs() {
        for (name, repair) in lostServerRepairs.entries.sorted(by: { $0.key < $1.key }) {
            // WirePlumber 0.5 takes no repair of a role's entry: the next stream of it is owed the
            // unmute (``oweNextStream(of:)``). A volume is not: without the duck's level no
            // volume can be told for the agent's.
            if isPipeWirePulse, repair.isMuted == false { owedToNextStream[name, default: InheritedBase()].isMuted = false }
            logger.info(
                "repairing a restore entry the agent held when the server went away",
                metadata: ["restore.entry": "\(UntrustedText.excerpt(name))"])
            writeRepair(repair) { [weak self] repaired in
                guard repaired else { return }
                self?.lostServerRepairs[name] = nil
            }
        }
    }
}
