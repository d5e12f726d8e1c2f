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
        linkedStreamChanged(ref, stream)
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
        settleUnsilence(ref.serial)
    }

    /// Ends an unsilence the server has answered. Until then the stream table may still show the
    /// agent's mute (the answer can arrive before the change event's new info), which a silence
    /// decided in between must not take for the user's; stream info that arrives after the
    /// answer shows the server after the unmute, as one connection answers in order.
    /// A silence decided since then owns the journal entry (it read the user's state from it).
    func settleUnsilence(_ serial: StreamSerial) {
        guard let state = enforced[serial], state.unsilencingTo != nil, state.isUnsilenceAnswered else { return }
        enforced[serial]?.unsilencingTo = nil
        enforced[serial]?.isUnsilenceAnswered = false
        guard state.silencedWasMuted == nil else { return }
        clear(.silence(serial))
        forgetIfIdle(serial)
    }

    /// A stream ended: if it was ducked, silenced or moved, the restore database may hold the
    /// agent's values; write the user's back, then drop its journal entries.
    func streamVanished(_ ref: ServerStreamRef, last: SoundStream) {
        inherited[ref.serial] = nil
        lateMutesUndone.remove(ref.serial)
        volumePutBacks.remove(ref.serial)
        owedTaken[ref.serial] = nil
        cancellerMovesAwaitingLink[ref.serial] = nil
        unloadVacatedEchoCancellers()
        guard var state = enforced.removeValue(forKey: ref.serial) else { return }
        state.last = last
        oweNextStream(of: state)
        guard let update = restoreRepair(of: state) else {
            clearJournal(stream: ref.serial)
            return
        }
        writeRepair(update) { [weak self] repaired in
            // An unrepaired entry stays journalled: the next agent's recovery tries again.
            guard repaired else { return }
            self?.writeAgainAfterSettling(update, of: ref.serial)
        }
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

    /// Writes `repair` on the server, announced to WirePlumber through pipewire-pulse (see ``RestoreRepair``).
    func writeRepair(_ repair: RestoreRepair, then done: @escaping @ServerLoopActor @Sendable (Bool) -> Void) {
        rememberRepair(repair)
        repair.write(on: connection, logger: logger, announced: isPipeWirePulse, then: done)
    }

    /// The repair that puts `state`'s user values into its restore-database entry, or `nil` when
    /// the stream has no entry name.
    func restoreRepair(of state: EnforcedStream) -> RestoreRepair? {
        guard let name = state.restoreName else { return nil }
        return RestoreRepair(
            name: name, channelMap: state.last.channelMap, volume: state.repairVolume, isMuted: state.userMuted,
            deviceName: state.movedFrom)
    }
}

/// One repair of a restore-database entry: read the database, change the entry's volume, mute
/// state and (when the agent moved the stream) device to the user's, write it back.
///
/// Through pipewire-pulse the read returns nothing of WirePlumber's, so the entry is written
/// fresh; pipewire-pulse turns it into a route-settings entry that corrects WirePlumber's saved
/// levels (a device in it is ignored there: see docs/server-facts.md). WirePlumber hears of an
/// entry only when its value changes, and it can save the node's state (the agent's mute) after
/// a first correction; the same correction written again at the stream's end then changed nothing
/// (seen: music muted for good after a call, 2 runs of 9). So, when `announced`, the entry is first
/// written with the mute state alone, which makes the full entry right after it a change.
struct RestoreRepair: Sendable {
    var name: String
    var channelMap: ChannelMap
    var volume: ChannelVolumes?
    var isMuted: Bool?
    var deviceName: String?

    func write(
        on connection: PulseConnection, logger: Logger, announced: Bool = false, then done: @escaping @ServerLoopActor @Sendable (Bool) -> Void
    ) {
        connection.readStreamRestoreEntries { result in
            ServerLoopActor.assumeIsolated { writeRead(result, on: connection, logger: logger, announced: announced, then: done) }
        }
    }

    /// The rest of ``write(on:logger:announced:then:)``, once the database was read.
    @ServerLoopActor
    private func writeRead(
        _ result: Result<[StreamRestoreEntry], PulseError>, on connection: PulseConnection, logger: Logger, announced: Bool,
        then done: @escaping @ServerLoopActor @Sendable (Bool) -> Void
    ) {
        let entries: [StreamRestoreEntry]
        switch result {
        case .success(let read):
            entries = read
        case .failure(let error) where error.code == .noExtension:
            done(true)  // no restore database on this server: nothing can keep the agent's values
            return
        case .failure(let error):
            logger.warning("cannot read the restore database", metadata: ["restore.entry": "\(UntrustedText.excerpt(name))", "pulse.error": "\(error)"])
            done(false)
            return
        }
        let entry = updated(entries.first { $0.name == name })
        if announced {
            // Commands on one connection apply in order: the full entry lands after this one.
            let muteOnly = StreamRestoreEntry(name: name, channelMap: ChannelMap([]), volume: nil, isMuted: entry.isMuted)
            connection.submitStreamRestoreWrite([muteOnly], mode: .replace) { _ in }
        }
        connection.submitStreamRestoreWrite([entry], mode: .replace) { result in
            if case .failure(let error) = result {
                logger.warning("cannot repair the restore database", metadata: ["restore.entry": "\(UntrustedText.excerpt(name))", "pulse.error": "\(error)"])
            }
            ServerLoopActor.assumeIsolated { done(result.isSuccess) }
        }
    }

    /// `existing` (or a new entry) with this repair's values.
    func updated(_ existing: StreamRestoreEntry?) -> StreamRestoreEntry {
        var entry = existing ?? StreamRestoreEntry(name: name, channelMap: channelMap, volume: nil)
        // An empty volume has no level to spread over the channels (its maximum reads as muted).
        if let volume, !volume.isEmpty {
            if volume.count == entry.channelMap.count {
                entry.volume = volume
            } else if volume.count == channelMap.count {
                entry.channelMap = channelMap
                entry.volume = volume
            } else {
                entry.channelMap = channelMap
                entry.volume = ChannelVolumes(repeating: volume.maximum, count: channelMap.count)
            }
        }
        if let isMuted { entry.isMuted = isMuted }
        if let deviceName { entry.deviceName = deviceName }
        return entry
    }
}
