import AudioSessionContract
import Logging
import PipeWireBackend
import SoundServer

/// The saved state a held stream's end leaves on WirePlumber 0.5 (see ``OwedStreamValues``): the
/// next stream of the same restore key is watched for the agent's values and given the user's.
extension PipeWireEnforcer {
    /// WirePlumber 0.5 takes no repair through `route-settings`; 0.4 takes the repair the agent
    /// writes at the stream's end, but can save the ending node's Props over it
    /// (``forgetInheritance(of:)``), so the next stream of a node's key is watched either way.
    func nextStreamKey(of state: EnforcedStream) -> String? { state.restoreKey?.rawValue }

    /// A stream of a key that owes values appeared: it is watched, since WirePlumber applies its
    /// saved state when it links the node, after the node appears. Loop lock held.
    func watchNextStream(_ ref: ServerStreamRef, _ stream: SoundStream) {
        guard let owed = takeOwedValues(of: stream) else { return }
        logger.debug(
            "watching a new stream for the saved state of a stream that ended held",
            metadata: ["stream.id": "\(ref.id)", "restore.key": "\(UntrustedText.excerpt(actuator.restoreEntryName(of: stream) ?? ""))"])
        watch(ref, for: owed)
    }

    /// Watches a new node, for ``OwedStreamValues/watchWindow``, for the agent's values WirePlumber gives it
    /// under a key that owes `owed`, and gives it the user's values at once where it shows the
    /// agent's. Loop lock held.
    func watch(_ ref: ServerStreamRef, for owed: OwedStreamValues) {
        if let factor = owed.factor { repairedNodes[ref.serial] = factor }
        watchForOwedValues(ref.serial, owed)
        giveOwedValues(ref)
    }

    /// At each change of a watched node: where it shows a factor other than its own, it gets its
    /// own again (WirePlumber applied its saved, ducked one; seen: the factor back at 0.3 for
    /// good), unless the agent ducks it now; a mute the agent did not make is undone, once. The
    /// node's change event is what shows WirePlumber's restore, so no timer polls it. Loop lock held.
    func giveOwedValues(_ ref: ServerStreamRef) {
        // Called at every change event (each ramp step): most nodes are not watched.
        guard var owed = watchedOwedValues(of: ref.serial) else { return }
        let props = connection.globals[ref.index]?.node?.props
        if let factor = owed.factor {
            if enforced[ref.serial]?.duck != nil {
                owed.level = nil
            } else if let shown = props?.volume, abs(Double(shown) - factor) > 0.001 {
                logger.info(
                    "giving a stream its own volume factor back: WirePlumber applied a saved one", metadata: ["stream.id": "\(ref.id)"])
                actuator.setLevel(.nodeFactor(factor), of: ref)
            }
        }
        if owed.unmute, enforced[ref.serial]?.isMutedByAgent == true {
            owed.unmute = false
        } else if owed.unmute, props?.mute == true {
            logger.info(
                "unmuting a new stream: WirePlumber gave it the mute the agent left on a stream that ended held",
                metadata: ["stream.id": "\(ref.id)"])
            actuator.setMuted(false, of: ref)
            owed.unmute = false
        }
        owedWatches[ref.serial]?.owed = owed
    }
}
