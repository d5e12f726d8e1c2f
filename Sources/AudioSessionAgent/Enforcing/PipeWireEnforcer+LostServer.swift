import Logging
import PipeWireBackend
import SoundServer

/// WirePlumber's saved factors across a PipeWire restart.
///
/// WirePlumber 0.4 saves a node's Props `volume` per role, also the ducked factor of a ramp; the
/// agent writes the node's own factor back after each settled ramp, but that correction and the
/// node's last step reach WirePlumber by different paths, and WirePlumber can save the ducked
/// factor after it. While the agent runs it repairs that when the stream ends; when PipeWire goes
/// away mid-duck it cannot, and the restarted WirePlumber gives the next stream of the role the
/// ducked factor (seen: music at 0.3 after a restart, kept for good). So the agent that lost
/// the server hands the ducked streams' keys and own factors to the next one, which gives each new
/// stream of such a key its own factor back and writes it into WirePlumber's entry, until a stream
/// of the key comes with its own factor.
extension PipeWireEnforcer {
    /// The restore keys of the nodes ducked now and of those owed to a next stream, with their own
    /// factors. Loop lock held.
    func duckedRestoreEntries() -> [WirePlumberRestoreKey: Double] {
        // A key still owed to its next stream owes it after the restart too.
        var entries = owedToNextStream.compactMapValues(\.factor)
        for state in nodes.values {
            if let duck = state.duck, let key = state.restoreKey { entries[key] = duck.base }
        }
        return entries
    }

    /// A stream of a key the previous agent left ducked appeared: unless it already comes with its
    /// own factor (WirePlumber's entry is repaired: the key is done with), the node gets its own
    /// factor back and WirePlumber's entry is written again, before the engine decides about the
    /// stream. A stream whose factor is not known yet counts as not repaired. Loop lock held.
    func repairAfterLostServer(_ ref: ServerStreamRef, _ stream: SoundStream) {
        guard let key = WirePlumberRestoreKey(stream.properties), let factor = lostServerRepairs[key] else { return }
        if let own = connection.globals[ref.index]?.node?.props?.volume, abs(Double(own) - factor) < 0.001 {
            lostServerRepairs[key] = nil
            return
        }
        logger.info(
            "giving a stream its own volume factor back: WirePlumber saved a ducked one when PipeWire went away",
            metadata: ["stream.id": "\(ref.id)", "restore.key": "\(key.rawValue)"])
        repairedNodes[ref.serial] = factor
        repairWatch[ref.serial] = (ref, Self.repairWatchTurns)
        setVolumeFactor(factor, ref)
        repairRestoreEntry(PipeWireEnforcedNode(ref: ref, last: stream), factor: factor)
    }

    /// How many settler turns a repaired node is watched (half a second each).
    static var repairWatchTurns: Int { 10 }

    /// The settler's turn for repaired nodes: WirePlumber applies its saved factor when it has
    /// linked the node, which can be after the repair (seen: the factor back at 0.3 for good), so a
    /// repaired node the agent is not ducking gets its own factor again whenever it shows another.
    /// Returns whether a node is still watched. Loop lock held.
    func watchRepairedNodes() -> Bool {
        for (serial, watch) in repairWatch {
            guard let factor = repairedNodes[serial], nodes[serial]?.duck == nil, watch.turnsLeft > 0 else {
                repairWatch[serial] = nil
                continue
            }
            repairWatch[serial]?.turnsLeft -= 1
            if let shown = connection.globals[watch.ref.index]?.node?.props?.volume, abs(Double(shown) - factor) > 0.001 {
                logger.info(
                    "giving a stream its own volume factor back again: WirePlumber applied its saved one",
                    metadata: ["stream.id": "\(watch.ref.id)"])
                setVolumeFactor(factor, watch.ref)
            }
        }
        return !repairWatch.isEmpty
    }
}
