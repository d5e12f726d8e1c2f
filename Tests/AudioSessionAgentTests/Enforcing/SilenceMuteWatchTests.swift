@testable import AudioSessionAgent
import Testing

/// The one rule both protocols follow for the agent's mute of a silenced stream: a restore racing
/// the mute gets the mute again, the user's unmute once the mute showed stands.
@Suite("silence mute watch")
struct SilenceMuteWatchTests {
    let start = ContinuousClock.now

    @Test("native: stale unmuted events before the mute shows each send it again, without using up the resends")
    func nativeStaleEvents() {
        var watch = SilenceMuteWatch(answered: true, since: start)
        // A ramp's change events still on their way: each shows the node unmuted.
        for step in 1...6 {
            #expect(watch.observe(isMuted: false, restoring: false, now: start + .milliseconds(20 * step)) == .muteAgain)
        }
        #expect(watch.observe(isMuted: true, restoring: false, now: start + .milliseconds(200)) == .none)
        #expect(watch.progress == .shown)
        // A restore of saved state after the mute showed is the user's, as any unmute then.
        #expect(watch.observe(isMuted: false, restoring: false, now: start + .milliseconds(300)) == .userChose(muted: false))
    }

    @Test("native: a WirePlumber restore one second in is still countered after a burst of stale events")
    func restoreAfterStaleBurst() {
        var watch = SilenceMuteWatch(answered: true, since: start)
        for step in 1...3 { _ = watch.observe(isMuted: false, restoring: false, now: start + .milliseconds(10 * step)) }
        #expect(watch.observe(isMuted: false, restoring: false, now: start + .seconds(1)) == .muteAgain)
    }

    @Test("an unmute shown after the resend window, the mute never shown, is left alone")
    func windowEnds() {
        var watch = SilenceMuteWatch(answered: true, since: start)
        #expect(watch.observe(isMuted: false, restoring: false, now: start + SilenceMuteWatch.resendWindow) == .none)
        #expect(watch.progress == .answered)
    }

    @Test("something unmuting the stream over and over is not fought past the resend limit")
    func resendLimit() {
        var watch = SilenceMuteWatch(answered: true, since: start)
        let reactions = (0..<(SilenceMuteWatch.resendLimit + 5)).map { _ in watch.observe(isMuted: false, restoring: false, now: start) }
        #expect(reactions.filter { $0 == .muteAgain }.count == SilenceMuteWatch.resendLimit)
    }

    @Test("pulse: events before the answer do not count; after it, an unmute is sent the mute again and waits for the answer")
    func pulseAnswers() {
        var watch = SilenceMuteWatch(answered: false, since: start)
        #expect(watch.observe(isMuted: false, restoring: false, now: start) == .none, "the mute is still on its way")
        watch.answered(showsMuted: false)
        #expect(watch.observe(isMuted: false, restoring: false, now: start) == .muteAgain)
        #expect(watch.progress == .sent)
        #expect(watch.observe(isMuted: false, restoring: false, now: start) == .none, "the second mute is on its way")
        watch.answered(showsMuted: true)
        #expect(watch.progress == .shown)
    }

    @Test("once the user owns the mute state, each change of it is the user's choice, and only a change")
    func userOwned() {
        var watch = SilenceMuteWatch(answered: true, since: start)
        _ = watch.observe(isMuted: true, restoring: true, now: start)
        #expect(watch.observe(isMuted: false, restoring: true, now: start) == .userChose(muted: false))
        #expect(watch.observe(isMuted: false, restoring: false, now: start) == .none)
        #expect(watch.observe(isMuted: true, restoring: false, now: start) == .userChose(muted: true))
    }

    @Test("a silence decided while an unsilence is on its way takes no unmute for the user's")
    func unwatched() {
        var watch = SilenceMuteWatch.unwatched(since: start)
        watch.answered(showsMuted: true)
        #expect(watch.observe(isMuted: false, restoring: false, now: start) == .none)
        #expect(watch.progress == .notWatched)
    }
}

extension SilenceMuteWatchTests {
    @Test("native: a node the user had muted shows the mute already; the user's unmute at once is the user's")
    func alreadyMuted() {
        var watch = SilenceMuteWatch(answered: true, showsMuted: true, since: start)
        #expect(watch.observe(isMuted: false, restoring: true, now: start + .milliseconds(10)) == .userChose(muted: false))
    }
}
