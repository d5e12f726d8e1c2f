@testable import AudioSessionAgent
import AudioSessionContract
import SoundServer
import Testing

/// The pauser's rules without a bus: which player a stream belongs to, and when a pause it sent
/// still entitles it to play the player again.
@Suite("MPRIS player book")
struct MprisPlayerBookTests {
    /// A process tree: 300 (a shell) started 400 (a player) which started 500 (its audio helper).
    let parents: [Int32: Int32] = [500: 400, 400: 300, 300: 1]
    let music = MprisStreamKey(SoundStream(kind: .playback, index: 7, name: "music", deviceIndex: 0))
    let video = MprisStreamKey(SoundStream(kind: .playback, index: 8, name: "video", deviceIndex: 0))

    func book() -> MprisPlayerBook {
        var book = MprisPlayerBook()
        book.nameAppeared("org.mpris.MediaPlayer2.player", owner: ":1.4", processID: 400)
        return book
    }

    @Test("a stream matches the player of its own process, or of its nearest ancestor, never of a descendant")
    func matching() {
        let book = book()
        func players(of pid: Int32) -> [String] {
            book.players(ofLineage: MprisPlayerBook.lineage(of: pid) { parents[$0] }).map(\.owner)
        }
        #expect(players(of: 400) == [":1.4"])
        #expect(players(of: 500) == [":1.4"], "a helper the player started")
        #expect(players(of: 300).isEmpty, "the shell that started the player is another app")
        #expect(players(of: 900).isEmpty)
    }

    @Test("the lineage stops below init, at the limit, and at a loop in a made-up table")
    func lineage() {
        #expect(MprisPlayerBook.lineage(of: 500) { parents[$0] } == [500, 400, 300])
        let deep = MprisPlayerBook.lineage(of: 1000) { $0 - 1 }
        #expect(deep.count == MprisPlayerBook.ancestorLimit + 1)
        #expect(MprisPlayerBook.lineage(of: 7) { $0 == 7 ? 8 : 7 } == [7, 8])
    }

    @Test("a player that leaves the bus is forgotten with its pause")
    func leaving() {
        var book = book()
        book.claim(":1.4", for: music)
        book.nameVanished("org.mpris.MediaPlayer2.player")
        #expect(book.players.isEmpty)
        #expect(book.release(music) == nil)
    }

    @Test("with several silenced streams the player is resumed when the last is released")
    func severalStreams() {
        var book = book()
        book.claim(":1.4", for: music)
        let joined = book.joinClaim(of: ":1.4", with: video)
        #expect(joined)
        #expect(book.release(music) == nil)
        #expect(book.release(video) == ":1.4")
        #expect(book.players[":1.4"]?.claim == nil)
    }

    @Test("a Playing report before the player confirmed the pause is stale; after it, the user's")
    func userTakesOver() {
        var book = book()
        book.claim(":1.4", for: music)
        book.statusChanged(of: ":1.4", to: .playing)
        #expect(book.players[":1.4"]?.claim != nil)
        book.statusChanged(of: ":1.4", to: .paused)
        #expect(book.players[":1.4"]?.claim?.confirmed == true)
        book.statusChanged(of: ":1.4", to: .playing)
        #expect(book.release(music) == nil, "the user played it during the call: not ours to resume")
    }

    @Test("a stopped player is never resumed")
    func stopped() {
        var book = book()
        book.claim(":1.4", for: music)
        book.statusChanged(of: ":1.4", to: .paused)
        book.statusChanged(of: ":1.4", to: .stopped)
        #expect(book.release(music) == nil)
    }
}
