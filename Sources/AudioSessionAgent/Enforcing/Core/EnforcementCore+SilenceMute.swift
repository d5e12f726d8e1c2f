import Logging
import SoundServer

extension EnforcementCore {
    /// Silences the stream by muting it: journalled first with the mute state the user had
    /// (`userMuted`, unless the journal holds the one a crashed agent found: that agent's mute
    /// shows now), then muted and watched from `watch` on. `false` when the journal cannot be
    /// written: nothing was sent.
    func silenceByMute(_ ref: ServerStreamRef, _ stream: SoundStream, userMuted: Bool, watch: SilenceMuteWatch) -> Bool {
        var wasMuted = userMuted
        if case .silence(_, .mute(let journalled))? = journal.pendingRestore(for: .silence(ref.serial)) { wasMuted = journalled }
        guard record(.silence(ref.serial, by: .mute(wasMuted: wasMuted)), of: ref, stream) else { return false }
        var state = enforced[ref.serial] ?? EnforcedStream(ref: ref, last: stream)
        state.silencedWasMuted = wasMuted
        state.silenceMute = watch
        enforced[ref.serial] = state
        sendSilenceMute(ref)
        return true
    }

    /// Sends a silence's mute. The pulse protocol answers it, and stream info after the answer
    /// shows the server after the mute: from then on the watch counts what the stream shows. A
    /// Props write has no answer (its watch starts answered, and the answer changes nothing).
    func sendSilenceMute(_ ref: ServerStreamRef) {
        actuator.setMuted(true, of: ref) { [weak self] taken in
            guard let self, taken else { return }
            enforced[ref.serial]?.silenceMute?.answered(showsMuted: table.stream(ref.id)?.isMuted == true)
        }
    }

    /// A stream silenced by its mute changed on the server: the shared rule (``SilenceMuteWatch``)
    /// tells a restore that raced the agent's mute, which gets the mute again, from the user's
    /// unmute, which stands: the agent does not mute the stream again during this silence, and
    /// the unsilence (and every restore repair) keeps what the user chose.
    func watchSilenceMute(_ ref: ServerStreamRef, _ stream: SoundStream) {
        guard let state = enforced[ref.serial], let wasMuted = state.silencedWasMuted, !state.isUnsilencing,
            var watch = state.silenceMute
        else { return }
        let reaction = watch.observe(isMuted: stream.isMuted, restoring: wasMuted, now: .now)
        enforced[ref.serial]?.silenceMute = watch
        switch reaction {
        case .none:
            break
        case .muteAgain:
            // WirePlumber applies a new stream's saved state as it links the stream, over a mute
            // sent while it appeared (the mixing-matrix table on Debian 13's stack).
            logger.debug("the server shows a silenced stream unmuted before the agent's mute: muting again", metadata: ["stream.id": "\(ref.id)"])
            sendSilenceMute(ref)
        case .userChose(let muted):
            if !muted { logger.info("the user unmuted a silenced stream: it stays as the user has it", metadata: ["stream.id": "\(ref.id)"]) }
            enforced[ref.serial]?.silencedWasMuted = muted
            do { try journal.replace(.silence(ref.serial, by: .mute(wasMuted: muted))) } catch {
                logger.error("the journal cannot be written", metadata: ["journal.error": "\(error)"])
            }
            userChoseMute(of: ref)
        }
    }

    /// A node paused and muted by the agent changed on the server: the same rule as for a silence
    /// by mute (``SilenceMuteWatch``) tells a restore that raced the Pause's mute (WirePlumber
    /// applying a new node's saved state as it links it), which gets the mute again, from the
    /// user's unmute, which stands: from then on the Pause alone silences the node, and the
    /// unsilence leaves the mute as the user has it.
    func watchPauseMute(_ ref: ServerStreamRef, _ stream: SoundStream) {
        guard let state = enforced[ref.serial], state.isPaused, var watch = state.pauseMute else { return }
        let reaction = watch.observe(isMuted: stream.isMuted, restoring: false, now: .now)
        enforced[ref.serial]?.pauseMute = watch
        switch reaction {
        case .none:
            break
        case .muteAgain:
            logger.debug("the server shows a paused node unmuted before the agent's mute: muting again", metadata: ["stream.id": "\(ref.id)"])
            actuator.setMuted(true, of: ref)
        case .userChose:
            logger.info("the user unmuted a paused stream: it stays paused, its mute as the user has it", metadata: ["stream.id": "\(ref.id)"])
            enforced[ref.serial]?.pauseMute = nil
            do { try journal.replace(.silence(ref.serial, by: .pause)) } catch {
                logger.error("the journal cannot be written", metadata: ["journal.error": "\(error)"])
            }
        }
    }
}
