@testable import AudioSession
import AudioSessionBus
import Testing

/// The MPRIS rules of a published player without a bus: the position the desktop reads, the
/// track id a new track gets, which calls become commands.
struct MprisPlayerStateTests {
    let start = ContinuousClock.now

    @Test("the position runs on while playing, stays while paused, and never passes the track's end")
    func positionFollowsTheState() {
        var state = MprisPlayerState()
        state.setInfo(NowPlayingInfo(title: "Song", duration: .seconds(60)))
        state.setPosition(.seconds(10), now: start)
        #expect(state.position(at: start + .seconds(5)) == .seconds(10), "stopped: the position stays")

        state.setPlaybackState(.playing, now: start)
        #expect(state.position(at: start + .seconds(5)) == .seconds(15))
        state.setPlaybackState(.paused, now: start + .seconds(5))
        #expect(state.position(at: start + .seconds(30)) == .seconds(15), "paused where it was")
        state.setPlaybackState(.playing, now: start + .seconds(30))
        #expect(state.position(at: start + .seconds(40)) == .seconds(25))
        #expect(state.position(at: start + .seconds(500)) == .seconds(60), "clamped to the duration")
        state.setPosition(.seconds(-3), now: start)
        #expect(state.position(at: start) == .zero)
    }

    @Test("a new title, artist or album is a new track; a new duration alone is not")
    func trackIDs() {
        var state = MprisPlayerState()
        #expect(state.trackID.rawValue == "/org/mpris/MediaPlayer2/TrackList/NoTrack")
        #expect(state.metadata == .dictionary(key: .string, value: .variant, [:]), "no track: empty metadata")
        state.setInfo(NowPlayingInfo(title: "One"))
        #expect(state.trackID.rawValue == "/org/audiosession/Track/1")
        state.setInfo(NowPlayingInfo(title: "One", duration: .seconds(90)))
        #expect(state.trackID.rawValue == "/org/audiosession/Track/1")
        state.setInfo(NowPlayingInfo(title: "One", artist: "Someone", duration: .seconds(90)))
        #expect(state.trackID.rawValue == "/org/audiosession/Track/2")
        state.setInfo(nil)
        #expect(state.trackID.rawValue == "/org/mpris/MediaPlayer2/TrackList/NoTrack")
    }

    @Test("calls become commands only when enabled; SetPosition outside the current track is dropped")
    func callsBecomeCommands() throws {
        var state = MprisPlayerState()
        #expect(try state.command(for: "PlayPause", arguments: []) == .togglePlayPause)
        #expect(throws: BusError(.notSupported, "this player does not take Seek now (CanSeek is false)")) {
            try state.command(for: "Seek", arguments: [.int64(1)])
        }
        state.enabledCommands = .all
        state.setInfo(NowPlayingInfo(title: "Song", duration: .seconds(60)))
        let track = BusValue.objectPath(state.trackID)
        #expect(try state.command(for: "Seek", arguments: [.int64(-2_500_000)]) == .seek(by: .milliseconds(-2500)))
        #expect(try state.command(for: "SetPosition", arguments: [track, .int64(30_000_000)]) == .changePlaybackPosition(to: .seconds(30)))
        #expect(try state.command(for: "SetPosition", arguments: [track, .int64(61_000_000)]) == nil, "past the end")
        #expect(try state.command(for: "SetPosition", arguments: [track, .int64(-1)]) == nil, "before the start")
        #expect(try state.command(for: "SetPosition", arguments: [.objectPath("/org/example/Other"), .int64(1)]) == nil)
        #expect(throws: BusError(.invalidArgs, "SetPosition takes (o track id, x position in microseconds), got x")) {
            try state.command(for: "SetPosition", arguments: [.int64(1)])
        }
    }
}
