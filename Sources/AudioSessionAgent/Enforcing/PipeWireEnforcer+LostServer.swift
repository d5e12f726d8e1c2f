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
/// stream a previous agent left in the journal (``EnforcementCore/owedRestoreRepairs()``). The next
/// one writes them into `route-settings` at once and gives each new stream of such a key the
/// user's values.
extension PipeWireEnforcer {
    /// Writes what the previous agent owed when it lost the server into `route-settings`
    /// (WirePlumber 0.4 takes it at once); each key stays owed to its next stream. Loop lock held.
    func writeLostServerRepairs() {
        for (name, owed) in lostServerRepairs.entries.sorted(by: { $0.key < $1.key }) {
            guard let key = WirePlumberRestoreKey(rawValue: name) else { continue }
            logger.info(
                "repairing a saved stream state the agent held when PipeWire went away",
                metadata: ["restore.key": "\(UntrustedText.excerpt(name))"])
            repairRestoreEntry(key, owed: owed)
        }
    }

    /// A stream of a key the previous agent owed appeared: it is watched for the agent's values
    /// WirePlumber applies as it links it (its saved state may be the agent's until a stream of
    /// the key changes), and a factor other than its own is put right at once. The key is done
    /// with. Loop lock held.
    func repairAfterLostServer(_ ref: ServerStreamRef, _ stream: SoundStream) {
        guard let key = WirePlumberRestoreKey(stream.properties), let owed = lostServerRepairs[key.rawValue] else { return }
        lostServerRepairs[key.rawValue] = nil
        logger.debug(
            "watching a new stream of a key whose saved state the agent held when PipeWire went away",
            metadata: ["stream.id": "\(ref.id)", "restore.key": "\(UntrustedText.excerpt(key.rawValue))"])
        // The shown factor, read before the watch gives the node its own one back.
        if let factor = owed.factor, let shown = connection.globals[ref.index]?.node?.props?.volume, abs(Double(shown) - factor) > 0.001 {
            logger.info(
                "WirePlumber saved a ducked factor when PipeWire went away: its entry gets the stream's own",
                metadata: ["stream.id": "\(ref.id)"])
            repairRestoreEntry(key, owed: OwedStreamValues(factor: factor))
        }
        watch(ref, for: owed)
    }
}
