import AudioSessionContract
import Logging
import PulseBackend
import SoundServer

/// The saved state a held stream's end leaves through pipewire-pulse on WirePlumber 0.5, which
/// takes no repair through `route-settings` except the Notification role's (see
/// ``OwedStreamValues``): the restore entry owes its next stream the user's values
/// (``EnforcementCore/oweNextStream(of:)``), which that stream takes as it would a silenced or
/// ducked sibling's from the journal (``inheritedBase(forEntry:excluding:)``), also when
/// WirePlumber applies the agent's values after the stream appeared. Only through pipewire-pulse:
/// PulseAudio takes the repair. Under WirePlumber 0.4, which takes it too, the next stream shows
/// the user's values and nothing is done.
extension PulseEnforcer {
    /// PulseAudio's module-stream-restore takes the repair written at the stream's end; through
    /// pipewire-pulse the entry (as the stream started) owes the next stream.
    func nextStreamKey(of state: EnforcedStream) -> String? {
        isPipeWirePulse ? state.restoreName : nil
    }

    /// The next stream of an entry that owes values appeared: it is watched while it may still
    /// show them. A duck that reached no lower level than the user's left nothing to tell.
    func takeOwedValues(_ ref: ServerStreamRef, _ stream: SoundStream) {
        guard var owed = takeOwedValues(of: stream) else { return }
        // Only a stream volume the duck took below the user's can be told in the next stream.
        if owed.volume == nil || owed.duckLevel ?? 1 >= 1 { owed.level = nil }
        watchForOwedValues(ref.serial, owed)
    }

    /// A stream appearing while a sibling of its entry is ducked is watched as one that took owed
    /// values: WirePlumber links it with the step of the sibling's ramp it saved last, after the
    /// stream was announced. A stream no duck reaches then kept that step, and its end saved it as
    /// its role's volume (the soak, seed 9001 round 176: a music stream started as the bed's duck
    /// ended, and the next music stream of any app started at 25 %).
    func watchForLateDuck(_ ref: ServerStreamRef, _ journalled: OwedStreamValues) {
        guard isPipeWirePulse, journalled.volume != nil, journalled.duckLevel != nil,
            owedWatches[ref.serial]?.owed.level == nil
        else { return }
        watchForOwedValues(ref.serial, OwedStreamValues(level: journalled.level, duckLevel: journalled.duckLevel))
    }

    /// A stream that took owed values, or appeared beside a ducked sibling, and shows the agent's
    /// duck after it appeared (WirePlumber applied it when it linked the stream) gets the user's
    /// volume back, once, unless the agent ducks it now.
    func undoLateLeakedVolume(_ ref: ServerStreamRef, _ stream: SoundStream) {
        guard let owed = watchedOwedValues(of: ref.serial), owed.volume != nil, enforced[ref.serial]?.duck == nil,
            let volume = owed.leaked(into: stream).volume, volume.channels.count == stream.volume.count
        else { return }
        owedWatches[ref.serial]?.owed.level = nil
        logger.debug(
            "the server gave a new stream a duck of its role: the user's volume goes back",
            metadata: ["stream.id": "\(ref.id)"])
        putBack(volume, ref)
    }
}
