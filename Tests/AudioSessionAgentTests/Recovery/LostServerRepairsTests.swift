import PulseBackend
import SoundServer
import Testing

@testable import AudioSessionAgent

@Suite("Saved-state repairs handed from an agent that lost its server to the next")
struct LostServerRepairsTests {
    let music = "sink-input-by-media-role:music"

    @Test("a stream's journal lines make the repair of its restore entry with the user's values")
    func journalledRepair() throws {
        let user = StreamVolume([52429, 52429])
        let repair = try #require(
            PulseRestoreRepair(journalled: [
                .restoreEntry(7, name: music), .volume(7, base: .streamVolume(user), appliedLevel: 0.3), .silence(7, by: .mute(wasMuted: false)),
            ]))
        #expect(repair.name == music)
        #expect(repair.isMuted == false)
        #expect(repair.volume == ChannelVolumes(user))
        #expect(repair.deviceName == nil)
        #expect(repair.channelMap == ChannelMap([.frontLeft, .frontRight]))
    }

    @Test("no repair without an entry name, or with nothing of the user's to write")
    func nothingToRepair() {
        #expect(PulseRestoreRepair(journalled: [.silence(7, by: .mute(wasMuted: false))]) == nil)
        #expect(PulseRestoreRepair(journalled: [.restoreEntry(7, name: music)]) == nil)
    }

    @Test("a later loss's repair of an entry replaces the earlier one; other entries stay owed")
    func laterLossWins() {
        var owed = LostServerRepairs<String, Bool>(["a": true, "b": true])
        owed = owed.merging(["b": false, "c": false])
        #expect(owed.entries == ["a": true, "b": false, "c": false])
        owed["a"] = nil
        #expect(owed["a"] == nil)
        #expect(!owed.isEmpty)
    }

    @Test("the next agent in the seat takes what the last one handed over, once; another kind is not taken")
    func handedOnceThroughTheSeat() throws {
        try JournalTemporaryDirectory.with { temporary in
            let seat = PulseServerSeat(configuration: PulseAgentConfiguration(journalDirectory: temporary.journalDirectory))
            seat.handOver(LostServerRepairs<String, Bool>(["music": false]))
            #expect(LostServerRepairs<String, Bool>.taken(from: seat).entries == ["music": false])
            #expect(LostServerRepairs<String, Bool>.taken(from: seat).isEmpty)
            seat.handOver(LostServerRepairs<String, Double>(["music": 0.8]))
            #expect(LostServerRepairs<String, Bool>.taken(from: seat).isEmpty)
        }
    }
}
