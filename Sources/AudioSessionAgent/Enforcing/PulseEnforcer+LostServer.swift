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
    /// Writes the repairs the previous agent owed when it lost the server, each kept in
    /// ``lostServerRepairs`` until the server took it (a further loss hands it on). Call before
    /// the first decision, so that a stream this agent silences or ducks again is repaired after.
    /// Loop lock held.
    func writeLostServerRepairs() {
        for (name, owed) in lostServerRepairs.entries.sorted(by: { $0.key < $1.key }) {
            // WirePlumber 0.5 takes no repair of a role's entry: the next stream of it is owed the
            // unmute (``oweNextStream(of:)``). A volume is not: without the duck's level no
            // volume can be told for the agent's.
            if isPipeWirePulse, owed.unmute { oweNextStream(name, OwedStreamValues(unmute: true)) }
            guard let repair = PulseRestoreRepair(entry: name, owed: owed) else {
                lostServerRepairs[name] = nil  // a node's factor: nothing a restore entry keeps
                continue
            }
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
