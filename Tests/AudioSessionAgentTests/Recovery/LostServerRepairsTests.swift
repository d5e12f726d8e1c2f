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
        let journalled = OwedStreamValues.journalled([
            .restoreEntry(7, name: music), .volume(7, base: .streamVolume(user), appliedLevel: 0.3), .silence(7, by: .mute(wasMuted: false)),
        ])
        #expect(journalled.entry == music)
        #expect(journalled.values == OwedStreamValues(level: .streamVolume(user), duckLevel: 0.3, userMute: false))
        let repair = try #require(PulseRestoreRepair(entry: music, owed: journalled.values))
        #expect(repair.name == music)
        #expect(repair.isMuted == false)
        #expect(repair.volume == ChannelVolumes(user))
        #expect(repair.deviceName == nil)
        #expect(repair.channelMap == ChannelMap([.frontLeft, .frontRight]))
        #expect(repair.owed == OwedStreamValues(level: .streamVolume(user), userMute: false))
    }

    @Test("a native agent's journal lines give the node's key its own factor and the user's mute state")
    func journalledNodeValues() {
        let key = "Output/Audio:media.role:Music"
        let journalled = OwedStreamValues.journalled([
            .restoreEntry(9, name: key), .volume(9, base: .nodeFactor(0.8), appliedLevel: 0.3), .silence(9, by: .pause),
            .device(9, originalDevice: "speakers"),
        ])
        #expect(journalled.entry == key)
        #expect(journalled.values.factor == 0.8)
        #expect(journalled.values.userMute == nil, "a Pause is no mute the store saved")
        #expect(journalled.values.device == "speakers")
    }

    @Test("no repair without an entry name, or with nothing of the user's a restore entry keeps")
    func nothingToRepair() {
        #expect(OwedStreamValues.journalled([.silence(7, by: .mute(wasMuted: false))]).entry == nil)
        #expect(OwedStreamValues.journalled([.restoreEntry(7, name: music)]).values.isEmpty)
        #expect(PulseRestoreRepair(entry: music, owed: OwedStreamValues()) == nil)
        #expect(PulseRestoreRepair(entry: music, owed: OwedStreamValues(factor: 0.8)) == nil, "a node's factor is no stream-restore value")
    }

    @Test("what is owed since replaces each value it names and keeps the others")
    func newerValuesReplaceOlder() {
        var owed = OwedStreamValues(level: .nodeFactor(1), duckLevel: 0.3, unmute: true)
        owed.add(OwedStreamValues(device: "speakers"))
        #expect(owed == OwedStreamValues(level: .nodeFactor(1), duckLevel: 0.3, userMute: false, device: "speakers"))
        owed.add(OwedStreamValues(level: .nodeFactor(0.7), userMute: true))
        #expect(owed == OwedStreamValues(level: .nodeFactor(0.7), userMute: true, device: "speakers"))
        #expect(!owed.unmute)
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
