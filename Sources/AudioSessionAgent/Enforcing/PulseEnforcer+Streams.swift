import AudioSessionContract
import Logging
import PulseBackend
import SoundServer

extension PulseEnforcer {
    /// A stream the engine now knows appeared (or was found at start).
    func streamAppeared(_ ref: ServerStreamRef, _ stream: SoundStream) {
        enforced[ref.serial]?.last = stream
        settleInheritance(ref, stream)
    }

    /// A stream changed on the server: keep its last state, start a duck that waited for the stream
    /// to be linked, and notice a user's volume change on a ducked stream that is not ramping (a
    /// ramping one notices it at its next step).
    func streamChanged(_ ref: ServerStreamRef, _ stream: SoundStream) {
        cancellers.streamChanged(ref, stream)
        undoLateLeakedMute(ref, stream)
        undoLateLeakedVolume(ref, stream)
        guard let state = enforced[ref.serial] else { return }
        enforced[ref.serial]?.last = stream
        if let held = state.heldDuck, stream.deviceIndex != nil {
            enforced[ref.serial]?.heldDuck = nil
            duck(ref.id, to: held.level, rampMilliseconds: held.rampMilliseconds)
            return
        }
        checkForUserVolume(ref.serial, stream)
        watchSilenceMute(ref, stream)
        settleUnsilence(ref, showing: stream)
    }

    /// A ducked stream that is not ramping changed on the server: if its volume is not what the
    /// agent wrote, the user changed it, which ends the duck for the stream. From then on the
    /// stream starts over from the user's volume: a later duck lowers it from there, and an
    /// unduck has nothing to restore.
    func checkForUserVolume(_ serial: StreamSerial, _ stream: SoundStream) {
        // A stream between devices (pipewire-pulse relinking it) shows no level of the user's.
        guard var state = enforced[serial], var duck = state.duck, !duck.isRamping, !state.isStepInFlight,
            !duck.userTookOver, duck.level < 1, stream.deviceIndex != nil,
            let entry = duck.userChanged(.streamVolume(StreamVolume(stream.volume)))
        else { return }
        state.duck = duck
        enforced[serial] = state
        userTookOver(state, entry: entry)
    }

    /// A stream ended: what the agent kept about it goes, and a held one's restore entry is
    /// repaired (``EnforcementCore/heldStreamEnded(_:last:)``).
    func streamVanished(_ ref: ServerStreamRef, last: SoundStream) {
        inherited[ref.serial] = nil
        lateMutesUndone.remove(ref.serial)
        volumePutBacks.remove(ref.serial)
        owedTaken[ref.serial] = nil
        cancellers.streamVanished(ref)
        heldStreamEnded(ref, last: last)
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
        rememberRepair(repair)
        repair.write(on: connection, logger: logger, announced: isPipeWirePulse, then: done)
    }

    /// The repair that puts `state`'s user values into its restore-database entry, or `nil` when
    /// the stream has no entry name.
    func restoreRepair(of state: EnforcedStream) -> PulseRestoreRepair? {
        guard let name = state.restoreName else { return nil }
        return PulseRestoreRepair(
            name: name, channelMap: state.last.channelMap, volume: state.repairVolume, isMuted: state.userMuted,
            deviceName: state.movedFrom)
    }
}
