import Testing

@testable import AudioSessionAgent

@Suite("A ducked stream's ramp, on a stream's volume and on a node's factor")
struct StreamDuckTests {
    let user = StreamVolume([65536, 65536])
    let start = ContinuousClock.now

    /// Steps every 20 ms, as the ticker does, against a server that stores exactly what is written
    /// and shows it (`reads`), or shows nothing (a node factor is the agent's own); stops at the
    /// ramp's last write or a user change.
    private func runToEnd(_ duck: inout StreamDuck, server: inout LevelBase, reads: Bool = true, from offset: Int = 0) -> [DuckStep] {
        var steps: [DuckStep] = []
        for tick in 0...200 {
            let step = duck.step(shown: reads ? server : nil, at: start + .milliseconds(offset + 20 * tick))
            steps.append(step)
            switch step {
            case .write(let level, let isLast):
                server = level
                if isLast { return steps }
            case .userChanged: return steps
            case .wait: continue
            }
        }
        return steps
    }

    @Test("a duck journals the user's base before the first write, ramps down on time, and back up to exactly the base")
    func duckAndRestore() {
        var server = LevelBase.streamVolume(user)
        var music = StreamDuck(serial: 7, shown: server)
        #expect(music.retarget(level: 0.3, rampMilliseconds: 250, now: start) == .duck(7, base: .streamVolume(user), level: 0.3))
        let down = runToEnd(&music, server: &server)
        #expect(down.first == .wait, "nothing is due at the ramp's start")
        #expect(down.filter { if case .write = $0 { true } else { false } }.count == 13)
        #expect(down.last == .write(.streamVolume(user.scaled(byAmplitude: 0.3)), isLast: true))
        #expect(!music.isRamping && !music.isAtBase)
        #expect(music.retarget(level: 1, rampMilliseconds: 600, now: start + .seconds(1)) == nil)
        let up = runToEnd(&music, server: &server, from: 1000)
        #expect(up.last == .write(.streamVolume(user), isLast: true))
        #expect(server == .streamVolume(user))
        #expect(music.isAtBase)
    }

    @Test("a late tick writes the last step due: a ramp ends on time on a loaded machine")
    func lateTickJumps() {
        var music = StreamDuck(serial: 7, shown: .streamVolume(user))
        _ = music.retarget(level: 0.3, rampMilliseconds: 250, now: start)
        #expect(music.step(shown: .streamVolume(user), at: start + .seconds(1)) == .write(.streamVolume(user.scaled(byAmplitude: 0.3)), isLast: true))
        #expect(music.step(shown: .streamVolume(user.scaled(byAmplitude: 0.3)), at: start + .seconds(2)) == .wait)
    }

    @Test("the server's rounding (±2 units, pipewire-pulse's float round trip) is not a user change")
    func roundingIsTolerated() {
        var music = StreamDuck(serial: 7, shown: .streamVolume(user))
        _ = music.retarget(level: 0.3, rampMilliseconds: 100, now: start)
        guard case .write(.streamVolume(let first), _) = music.step(shown: .streamVolume(user), at: start + .milliseconds(20)) else {
            Issue.record("expected a write")
            return
        }
        let rounded = StreamVolume(first.channels.map { $0 + 2 })
        guard case .write = music.step(shown: .streamVolume(rounded), at: start + .milliseconds(40)) else {
            Issue.record("rounding was taken for a user change")
            return
        }
    }

    @Test("a volume the user sets mid-duck ends the duck for that stream and becomes its base (journalled)")
    func userChangeEndsDuck() {
        var server = LevelBase.streamVolume(user)
        var music = StreamDuck(serial: 7, shown: server)
        _ = music.retarget(level: 0.3, rampMilliseconds: 250, now: start)
        for tick in 1...3 {
            if case .write(let level, _) = music.step(shown: server, at: start + .milliseconds(20 * tick)) { server = level }
        }
        let slider = LevelBase.streamVolume(StreamVolume([50000, 50000]))
        #expect(music.step(shown: slider, at: start + .milliseconds(80)) == .userChanged(.userVolume(7, base: slider)))
        #expect(music.base == slider)
        #expect(music.userTookOver && !music.isRamping && music.isAtBase)
        // The duck ending writes nothing over the user's volume either.
        #expect(music.retarget(level: 1, rampMilliseconds: 600, now: start + .seconds(1)) == nil)
        #expect(!music.isRamping)
        #expect(music.step(shown: slider, at: start + .seconds(2)) == .wait)
    }

    @Test("a stream that appears mid-duck takes its base from the journal, not from its ducked volume")
    func appearsMidDuck() {
        let ducked = LevelBase.streamVolume(user.scaled(byAmplitude: 0.3))
        var music = StreamDuck(serial: 7, shown: ducked, journalled: .volume(7, base: .streamVolume(user), appliedLevel: 0.3))
        #expect(music.base == .streamVolume(user))
        #expect(music.level == 0.3)
        var server = ducked
        _ = music.retarget(level: 1, rampMilliseconds: 600, now: start)
        _ = runToEnd(&music, server: &server)
        #expect(server == .streamVolume(user))
    }

    @Test("a journalled stream whose volume changed while no agent ran keeps the user's new volume")
    func changedWhileNoAgentRan() {
        let slider = LevelBase.streamVolume(StreamVolume([20000, 20000]))
        var music = StreamDuck(serial: 7, shown: slider, journalled: .volume(7, base: .streamVolume(user), appliedLevel: 0.3))
        _ = music.retarget(level: 1, rampMilliseconds: 600, now: start)
        #expect(music.step(shown: slider, at: start) == .userChanged(.userVolume(7, base: slider)))
        #expect(music.base == slider)
    }

    @Test("a journalled restore the user already took over starts from the user's base")
    func journalledUserVolume() {
        let slider = StreamVolume([20000, 20000])
        var music = StreamDuck(serial: 7, shown: .streamVolume(slider), journalled: .volume(7, base: .streamVolume(slider), appliedLevel: nil))
        #expect(music.isAtBase)
        #expect(music.retarget(level: 0.3, rampMilliseconds: 0, now: start) == .duck(7, base: .streamVolume(slider), level: 0.3))
        #expect(music.step(shown: .streamVolume(slider), at: start) == .write(.streamVolume(slider.scaled(byAmplitude: 0.3)), isLast: true))
    }

    @Test("retargeting to the level a stream is at plans nothing")
    func retargetToSameLevel() {
        var music = StreamDuck(serial: 7, shown: .streamVolume(user))
        #expect(music.retarget(level: 1, rampMilliseconds: 600, now: start) == nil)
        #expect(!music.isRamping && music.isAtBase)
        let ducked = LevelBase.streamVolume(user.scaled(byAmplitude: 0.3))
        var adopted = StreamDuck(serial: 8, shown: ducked, journalled: .volume(8, base: .streamVolume(user), appliedLevel: 0.3))
        #expect(adopted.retarget(level: 0.3, rampMilliseconds: 250, now: start) == nil)
        #expect(!adopted.isRamping && !adopted.isAtBase)
    }

    @Test("a node's factor ramps by the planner's levels over its own factor, with nothing read, and ends exactly at the target")
    func nodeFactorRamp() throws {
        var server = LevelBase.nodeFactor(0.8)
        var node = StreamDuck(serial: 7, shown: server)
        #expect(node.retarget(level: 0.3, rampMilliseconds: 250, now: start) == .duck(7, base: .nodeFactor(0.8), level: 0.3))
        let down = runToEnd(&node, server: &server, reads: false)
        let factors = down.compactMap { step -> Double? in if case .write(.nodeFactor(let factor), _) = step { factor } else { nil } }
        #expect(factors.count == 13)
        #expect(factors == factors.sorted(by: >), "the factor only goes down")
        #expect(abs((factors.last ?? 0) - 0.24) < 1e-9, "0.3 of the node's own 0.8")
        _ = node.retarget(level: 1, rampMilliseconds: 600, now: start + .seconds(1))
        let up = runToEnd(&node, server: &server, reads: false, from: 1000)
        #expect(up.last == .write(.nodeFactor(0.8), isLast: true))
        #expect(node.isAtBase)
    }

    @Test("a journalled base of the other control is not this stream's")
    func otherControlsBaseIsLeftOut() {
        let node = StreamDuck(serial: 7, shown: .nodeFactor(1), journalled: .volume(7, base: .streamVolume(user), appliedLevel: 0.3))
        #expect(node.base == .nodeFactor(1) && node.level == 1)
        let record = JournalRecord.entry(.duck(7, base: .nodeFactor(0.8), level: 0.3))
        #expect(JournalLine.parse(JournalLine.encode(record).dropLast()[...]) == .success(.record(record)))
    }
}
