import AudioSessionContract
import Logging
import PulseBackend
import SoundServer

/// The saved state a held stream's end leaves through pipewire-pulse on WirePlumber 0.5, which
/// takes no repair through `route-settings` except the Notification role's (see
/// ``OwedStreamValues``): the restore entry owes its next stream the user's values, which that
/// stream takes as it would a silenced or ducked sibling's from the journal
/// (``inheritedBase(forEntry:excluding:)``), also when WirePlumber applies the agent's values
/// after the stream appeared. Only through pipewire-pulse: PulseAudio takes the repair. Under
/// WirePlumber 0.4, which takes it too, the next stream shows the user's values and nothing is done.
extension PulseEnforcer {
    /// A stream ends while the agent ducks or mutes it: its entry owes the next stream the user's
    /// volume (with the level the duck had reached) and unmute.
    func oweNextStream(of state: EnforcedStream) {
        // PulseAudio's module-stream-restore takes the repair written at the stream's end.
        guard isPipeWirePulse, let name = state.restoreName else { return }
        var owed = owedToNextStream[name] ?? InheritedBase()
        if let duck = state.duck, duck.level < 1, let base = duck.base.streamVolume {
            owed.volume = base
            owed.duckLevel = duck.level
        }
        if state.owedMute == false { owed.isMuted = false }
        guard !owed.isEmpty else { return }
        owedToNextStream[name] = owed
    }

    /// The next stream of an entry that owes values appeared: it takes them (the entry is done
    /// with, one stream's change makes WirePlumber save the user's values).
    func takeOwedValues(_ ref: ServerStreamRef, entry name: String) {
        guard let owed = owedToNextStream.removeValue(forKey: name) else { return }
        owedTaken[ref.serial] = (owed, .now + OwedStreamValues.watchWindow)
    }

    /// A stream appearing while a sibling of its entry is ducked is watched as one that took owed
    /// values: WirePlumber links it with the step of the sibling's ramp it saved last, after the
    /// stream was announced. A stream no duck reaches then kept that step, and its end saved it as
    /// its role's volume (the soak, seed 9001 round 176: a music stream started as the bed's duck
    /// ended, and the next music stream of any app started at 25 %).
    func watchForLateDuck(_ ref: ServerStreamRef, _ journalled: InheritedBase) {
        guard isPipeWirePulse, let volume = journalled.volume, journalled.duckLevel != nil,
            owedTaken[ref.serial]?.base.volume == nil
        else { return }
        var watched = owedTaken[ref.serial] ?? (InheritedBase(), .now + OwedStreamValues.watchWindow)
        watched.base.volume = volume
        watched.base.duckLevel = journalled.duckLevel
        owedTaken[ref.serial] = watched
    }

    /// What `serial` took over from a stream of its entry that ended held, while it is watched.
    func owedValues(of serial: StreamSerial) -> InheritedBase? {
        guard let owed = owedTaken[serial] else { return nil }
        guard ContinuousClock.now < owed.until else {
            owedTaken[serial] = nil
            return nil
        }
        return owed.base
    }

    /// A stream that took owed values, or appeared beside a ducked sibling, and shows the agent's
    /// duck after it appeared (WirePlumber applied it when it linked the stream) gets the user's
    /// volume back, once, unless the agent ducks it now.
    func undoLateLeakedVolume(_ ref: ServerStreamRef, _ stream: SoundStream) {
        guard let owed = owedValues(of: ref.serial), owed.volume != nil, enforced[ref.serial]?.duck == nil,
            let volume = owed.leaked(into: stream).volume, volume.channels.count == stream.volume.count
        else { return }
        owedTaken[ref.serial]?.base.volume = nil
        logger.debug(
            "the server gave a new stream a duck of its role: the user's volume goes back",
            metadata: ["stream.id": "\(ref.id)"])
        putBack(volume, ref)
    }
}
