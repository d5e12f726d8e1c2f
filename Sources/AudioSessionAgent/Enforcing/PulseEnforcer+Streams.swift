import AudioSessionContract
import Logging
import PulseBackend
import SoundServer

extension PulseEnforcer {
    /// A mute or a duck of its role that leaked into a new stream through their restore entry is
    /// undone.
    func checkProtocolWatches(_ ref: ServerStreamRef, showing stream: SoundStream) {
        undoLateLeakedMute(ref, stream)
        undoLateLeakedVolume(ref, stream)
    }

    /// The stream's volume is also the user's slider: one the agent did not write is the user's.
    func userLevel(shownBy stream: SoundStream) -> LevelBase? { .streamVolume(StreamVolume(stream.volume)) }

    /// What the agent kept about a stream's inheritance goes with it.
    func forgetInheritance(of ref: ServerStreamRef) {
        inherited[ref.serial] = nil
        lateMutesUndone.remove(ref.serial)
        volumePutBacks.remove(ref.serial)
    }

    /// The restore database may hold the agent's values: the user's are written back, and the
    /// stream's journal entries go once the server answers. Once is enough: a second write 2 s
    /// later (against WirePlumber 0.4 saving the node's mute after the repair) changed nothing in
    /// 64 streams killed as soon as a call muted them, 24 of them under load
    /// (`AgentIntegrationTests.RolelessMute`, "role-less streams killed as soon as ..."), and a
    /// next stream of the entry that WirePlumber links with the agent's values takes the user's
    /// (``oweNextStream(of:)``).
    func repairRestoreStore(ofVanished state: EnforcedStream, then done: @escaping @ServerLoopActor @Sendable (Bool) -> Void) {
        repair(state, then: done)
    }

    /// Writes the user's values of an enforced stream into the restore database.
    func repairRestoreEntry(_ serial: StreamSerial) {
        guard let state = enforced[serial] else { return }
        repair(state) { _ in }
    }

    /// Writes `state`'s user values (volume, mute, original device) into its restore-database
    /// entry, keeping whatever else the entry holds. Nothing to do without an entry name, or when
    /// the server keeps no restore database (module-stream-restore not loaded).
    func repair(_ state: EnforcedStream, then done: @escaping @ServerLoopActor @Sendable (Bool) -> Void) {
        guard let update = restoreRepair(of: state) else {
            done(true)
            return
        }
        writeRepair(update, then: done)
    }

    /// Writes `repair` on the server, announced to WirePlumber through pipewire-pulse (see ``PulseRestoreRepair``).
    func writeRepair(_ repair: PulseRestoreRepair, then done: @escaping @ServerLoopActor @Sendable (Bool) -> Void) {
        rememberRepair(repair.name, repair.owed)
        repair.write(on: connection, logger: logger, announced: isPipeWirePulse, then: done)
    }

    /// The repair that puts `state`'s user values into its restore-database entry, or `nil` when
    /// the stream has no entry name.
    func restoreRepair(of state: EnforcedStream) -> PulseRestoreRepair? {
        guard let held = restoreStoreValues(of: state) else { return nil }
        return PulseRestoreRepair(entry: held.entry, owed: held.values, channelMap: state.last.channelMap)
    }

    /// The entry as the stream started, with the user's volume (under a duck, or as the stream
    /// shows it once linked), mute state and original device.
    func restoreStoreValues(of state: EnforcedStream) -> (entry: String, values: OwedStreamValues)? {
        guard let name = state.restoreName else { return nil }
        let volume = state.repairVolume.map { LevelBase.streamVolume(StreamVolume($0)) }
        return (name, OwedStreamValues(level: volume, userMute: state.userMuted, device: state.movedFrom))
    }
}
