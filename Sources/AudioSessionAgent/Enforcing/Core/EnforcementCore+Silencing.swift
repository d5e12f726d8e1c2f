import AudioPolicy
import Logging
import SoundServer

/// Silence and unsilence, decided once for both protocols: whether a stream is silenced by its
/// mute or by a Pause of its node, what is journalled, when the unsilence is over, and in which
/// order the stream's player hears of it (``PlayerRequest``).
///
/// A Pause is native PipeWire's alone (``StreamActuator/reachesNodes``): the pulse protocol mutes.
/// Natively a stream is muted too where a Pause would do harm (``muteInsteadOfPause(_:cause:)``).
///
/// An unsilence by mute is over once the server shows the user's mute state again: until then the
/// stream still shows the agent's mute, which a silence decided in between must not take for the
/// user's (``settleUnsilence(_:showing:)``). On the pulse protocol the server also answers the
/// unmute first, and stream info after the answer shows the server after it. A Props write has no
/// answer: natively the node must have shown the agent's mute before its unmute counts.
extension EnforcementCore {
    /// Makes the stream inaudible for `cause`, and asks its player to pause where the cause is
    /// one a player hears of (``PlayerRequest/pause(for:in:cause:sessionProcess:)``).
    func silence(_ id: StreamID, cause: SilenceCause, sessionProcess: Int32?) {
        guard let stream = table.stream(id), let ref = table.ref(of: stream.id) else { return }
        let state = enforced[ref.serial] ?? EnforcedStream(ref: ref, last: stream)
        let muteReason = muteInsteadOfPause(stream, cause: cause)
        if state.isPaused, let muteReason { return switchToMute(state, stream, cause: cause, reason: muteReason) }
        guard !state.isSilenced else { return }
        if let muteReason {
            guard mute(state, stream) else { return }
            logger.debug(
                "silencing by mute", metadata: ["stream.id": "\(id)", "silence.cause": "\(cause.rawValue)", "silence.why": "\(muteReason)"])
        } else {
            // An unsilence's unmute on its way was sent: the Pause's entry takes the place of its
            // mute's (a second record of a silence keeps the first), and the mute it journalled
            // is no crashed agent's to undo.
            if state.isUnsilencing { clear(.silence(ref.serial)) }
            guard pause(state, stream) else { return }
            logger.debug("pausing", metadata: ["stream.id": "\(id)", "silence.cause": "\(cause.rawValue)"])
        }
        if let pause = PlayerRequest.pause(for: stream, in: table.graph, cause: cause, sessionProcess: sessionProcess) {
            askPlayer(pause)
        }
    }

    /// Makes a silenced stream audible again: its mute state as the user had it, or a Start of
    /// its node; its player is asked to play again (`resume`) or let go of.
    func unsilence(_ id: StreamID, resume: Bool) {
        guard let stream = table.stream(id), let ref = table.ref(of: stream.id), let state = enforced[ref.serial], state.isSilenced
        else { return }
        guard let wasMuted = state.silencedWasMuted else { return start(state, stream, resume: resume) }
        logger.debug("unmuting", metadata: ["stream.id": "\(id)", "silence.resume": "\(resume)"])
        // Not silenced from now on, before the server shows it: a silence decided in the meantime
        // (a policy replaced twice, a call starting again) must mute again, not be taken as done.
        // Commands on one connection apply in order, so its mute lands after this unmute.
        // Natively what the node shows follows the unmute once it has shown the agent's mute
        // (writes land in order); a mute the user had is shown whoever set it.
        let followsUnmute = wasMuted || state.silenceMute?.hasShown == true
        enforced[ref.serial]?.silencedWasMuted = nil
        enforced[ref.serial]?.silenceMute = nil
        enforced[ref.serial]?.unsilencingTo = wasMuted
        enforced[ref.serial]?.isUnsilenceAnswered = false
        actuator.setMuted(wasMuted, of: ref) { [weak self] taken in
            guard let self, taken else { return }
            let isAnswered = actuator.answersCommands || followsUnmute
            enforced[ref.serial]?.isUnsilenceAnswered = isAnswered
            // Shown already (or silenced again since): nothing to wait for. The pulse protocol
            // answers before the stream info that shows the unmute; a Props write has no answer.
            guard let shown = table.stream(ref.id), (isAnswered && shown.isMuted == wasMuted) || enforced[ref.serial]?.isSilenced == true
            else { return }
            settleUnsilence(ref, showing: shown)
        }
        unmuteSent(state, restoring: wasMuted)
        askPlayer(resume ? .resume(stream) : .release(stream))
    }

    /// Ends an unsilence once the server shows it (call at each change of the stream). On the
    /// pulse protocol that is any stream info after the unmute's answer. A Props write has no
    /// answer, and an event can show the node from before the agent's mute reached it: natively
    /// the node must have shown the agent's mute (after which the unmute lands), and then show
    /// the user's state (a node that ended before the unmute showed left WirePlumber the agent's
    /// mute: soak seed 4242, native). A silence decided since then owns the journal entry (a mute
    /// read the user's state from it; a Pause recorded its own).
    func settleUnsilence(_ ref: ServerStreamRef, showing stream: SoundStream) {
        let serial = ref.serial
        guard let state = enforced[serial], let restoring = state.unsilencingTo else { return }
        if !actuator.answersCommands, !state.isUnsilenceAnswered, stream.isMuted {
            enforced[serial]?.isUnsilenceAnswered = true
            return
        }
        guard state.isUnsilenceAnswered, actuator.answersCommands || state.isSilenced || stream.isMuted == restoring else { return }
        enforced[serial]?.unsilencingTo = nil
        enforced[serial]?.isUnsilenceAnswered = false
        guard !state.isSilenced else { return }
        clear(.silence(serial))
        forgetIfIdle(serial)
    }

    /// Why the stream is silenced by its mute rather than a Pause, or `nil` for a Pause. Where the
    /// protocol pauses no client's stream, always by its mute. A Pause stalls the node's client:
    /// in a sink a loopback carries on it stalls the whole sink (every other app's sound with
    /// it); and a stream held after an unplug must play on to its player's stop, which alone ends
    /// that hold under `unplug-silence-ms = 0`: a paused paplay never reaches its end, so it was
    /// held (and its app stalled) for good. Muted, it plays out silently and ends, as on the pulse
    /// protocol.
    func muteInsteadOfPause(_ stream: SoundStream, cause: SilenceCause) -> String? {
        guard actuator.reachesNodes else { return "the protocol pauses no client's stream" }
        if playsIntoALoopback(stream) { return "it plays into a sink a loopback carries on" }
        if cause == .unplugged { return "held after an unplug, it plays on to its player's stop" }
        // An app's input mute is a mute, as on iOS: the app keeps recording, silence.
        if cause == .inputMuted { return "the app muted its input: it records on, silence" }
        return nil
    }

    /// Silences the stream by its mute, watched from now on (``SilenceMuteWatch``); `false` when
    /// nothing was sent. While an unsilence is on its way the server may still show the agent's
    /// mute: no unmute is taken for the user's then.
    private func mute(_ state: EnforcedStream, _ stream: SoundStream) -> Bool {
        let userMuted = userMute(of: state, stream)
        let watch =
            state.isUnsilencing
            ? SilenceMuteWatch.unwatched(since: .now)
            : SilenceMuteWatch(answered: !actuator.answersCommands, showsMuted: userMuted, since: .now)
        guard silenceByMute(state.ref, stream, userMuted: userMuted, watch: watch) else { return false }
        mutedToSilence(state.ref)
        return true
    }

    /// A paused node stays silenced for a reason a Pause cannot carry out (a recording ended while
    /// the node was held after an unplug: paused, its player never reaches the stop that ends the
    /// hold, soak seed 528120659 on the native agent): muted, then started. The journal's Pause
    /// gives way to the mute (a second record of a silence keeps the first): an agent that
    /// crashes now leaves a mute to undo, not a Pause.
    private func switchToMute(_ state: EnforcedStream, _ stream: SoundStream, cause: SilenceCause, reason: String) {
        clear(.silence(state.ref.serial))
        guard mute(state, stream) else { return }
        logger.debug(
            "muting a paused node instead",
            metadata: ["stream.id": "\(state.ref.id)", "silence.cause": "\(cause.rawValue)", "silence.why": "\(reason)"])
        unpause(state.ref)
    }
}
