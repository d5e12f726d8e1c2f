import AudioSessionContract
import Logging
import PulseBackend
import SoundServer

extension PulseEnforcer {
    /// A stream is about to be shown to the engine. When the journal holds a silence or a duck of
    /// another stream with the same restore-database entry, the new stream's mute and volume may
    /// be the agent's, leaked through that entry: its base is taken from the journal instead. The
    /// volume is put back at once (a duck then ramps down from the user's level); the mute waits
    /// for the engine's decision (``settleInheritance(_:_:)``), so a stream about to be silenced
    /// does not sound for a moment.
    func streamAppearing(_ ref: ServerStreamRef, _ stream: SoundStream) {
        guard enforced[ref.serial] == nil, let name = RestoreEntryName.of(stream) else { return }
        takeOwedValues(ref, stream)
        let journalled = inheritedBase(forEntry: name, excluding: ref.serial)
        watchForLateDuck(ref, journalled)
        let base = journalled.leaked(into: stream)
        guard !base.isEmpty else { return }
        inherited[ref.serial] = base
        if base.level != nil { owedWatches[ref.serial]?.owed.level = nil }  // put back below, once
        logger.debug(
            "a new stream takes its base from the journal: the agent holds its role",
            metadata: [
                "stream.id": "\(ref.id)", "restore.entry": "\(UntrustedText.excerpt(name))", "volume.shown": "\(stream.volume)",
                "volume.base": "\(base.volume.map { "\($0.channels)" } ?? "none")", "mute.owed": "\(base.unmute)",
            ])
        if let volume = base.volume, stream.hasVolume, !StreamVolume(stream.volume).matches(volume),
            volume.channels.count == stream.volume.count
        {
            putBack(volume, ref)
        }
    }

    /// Gives a new stream the user's volume in place of a leaked one. A duck decided before the
    /// answer waits for it before its first read: a volume write reads the stream's channels
    /// before it sends, so a ramp's read sent meanwhile overtook it and took the leaked volume for
    /// the user's (issue 18's soak on stock PulseAudio, seed 20261127 round 11: a paplay entry
    /// left at 68 %).
    func putBack(_ volume: StreamVolume, _ ref: ServerStreamRef) {
        volumePutBacks.insert(ref.serial)
        actuator.setLevel(.streamVolume(volume), of: ref) { [weak self] _ in
            guard let self, volumePutBacks.remove(ref.serial) != nil else { return }
            enforced[ref.serial]?.isStepInFlight = false
        }
    }

    /// The journal's user values of the streams other than `serial` whose restore entry is `name`,
    /// and what `serial` took over from a stream of the entry that ended held.
    func inheritedBase(forEntry name: String, excluding serial: StreamSerial) -> OwedStreamValues {
        var base = journalledSiblingValues(forEntry: name, excluding: serial)
        // What a stream of the entry that ended held left the server (``oweNextStream(of:)``).
        let owed = watchedOwedValues(of: serial)
        base.unmute = base.userMute.map { !$0 } ?? owed?.unmute ?? false
        if base.level == nil, let owed, owed.volume != nil {
            base.level = owed.level
            base.duckLevel = owed.duckLevel
        }
        return base
    }

    /// After the engine's decision on a new stream: a stream that inherited the agent's mute and
    /// was not silenced gets the user's mute state back.
    func settleInheritance(_ ref: ServerStreamRef, _ stream: SoundStream) {
        guard let base = inherited.removeValue(forKey: ref.serial) else { return }
        guard base.unmute, enforced[ref.serial]?.silencedWasMuted == nil, stream.isMuted else { return }
        actuator.setMuted(false, of: ref) { _ in }
    }

    /// A stream about to be ducked for the first time whose volume is a sibling's duck, leaked
    /// through their restore entry after the stream appeared: through pipewire-pulse WirePlumber
    /// applies its saved volume when it links the stream, and saves each step of the sibling's
    /// ramp under their shared key, so a stream linked while a sibling of its key is ducked starts
    /// at that sibling's (ramping) level. Taken for the user's, the duck came back to it and the
    /// stream's repair saved it (issue 18's soak, round 70). Returns the sibling's user volume, the
    /// duck's base to put back; `nil` when the volume is no such leak.
    func lateLeakedDuckBase(_ ref: ServerStreamRef, _ stream: SoundStream) -> StreamVolume? {
        guard let name = RestoreEntryName.of(stream),
            let volume = inheritedBase(forEntry: name, excluding: ref.serial).leaked(into: stream).volume,
            volume.channels.count == stream.volume.count
        else { return nil }
        logger.debug(
            "a new stream has a ducked sibling's volume: the agent's duck of its role, leaked",
            metadata: ["stream.id": "\(ref.id)", "restore.entry": "\(UntrustedText.excerpt(name))"])
        return volume
    }

    /// A stream the server muted after it appeared: WirePlumber applies its saved mute a moment
    /// after pipewire-pulse announces the stream, too late for ``streamAppearing(_:_:)``. While
    /// the journal still holds a silenced sibling with the same entry whose user had it unmuted,
    /// or a sibling that ended silenced owes the stream its unmute (``oweNextStream(of:)``), that mute is
    /// the agent's, leaked: it is undone, once per stream, so a user's later mute stands.
    func undoLateLeakedMute(_ ref: ServerStreamRef, _ stream: SoundStream) {
        guard stream.isMuted, !lateMutesUndone.contains(ref.serial), inherited[ref.serial] == nil,
            enforced[ref.serial]?.silencedWasMuted == nil, enforced[ref.serial]?.unsilencingTo == nil,
            let name = RestoreEntryName.of(stream),
            inheritedBase(forEntry: name, excluding: ref.serial).unmute
        else { return }
        lateMutesUndone.insert(ref.serial)
        logger.debug(
            "the server muted a new stream after it appeared: the agent's mute of its role, leaked",
            metadata: ["stream.id": "\(ref.id)", "restore.entry": "\(UntrustedText.excerpt(name))"])
        actuator.setMuted(false, of: ref) { _ in }
    }
}
