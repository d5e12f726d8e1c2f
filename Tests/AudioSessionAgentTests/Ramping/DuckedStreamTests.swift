import Testing

@testable import AudioSessionAgent

@Suite("Read-compare-write of a ducked stream")
struct DuckedStreamTests {
    let user = StreamVolume([65536, 65536])

    /// Runs every step as a server that stores exactly what is written would.
    private func runToEnd(_ stream: inout DuckedStream, server: inout StreamVolume) -> [DuckStep] {
        var steps: [DuckStep] = []
        while true {
            let step = stream.step(read: server)
            steps.append(step)
            switch step {
            case .write(let volume, _): server = volume
            case .userChanged, .finished: return steps
            }
        }
    }

    @Test("a duck journals the user's base before the first write, ramps down, and back up to exactly the base")
    func duckAndRestore() {
        var server = user
        var music = DuckedStream(serial: 7, read: server)
        #expect(music.retarget(level: 0.3, rampMilliseconds: 250) == .duck(7, base: .streamVolume(user), level: 0.3))
        let down = runToEnd(&music, server: &server)
        #expect(down.count == 14)
        #expect(down.last == .finished(restored: false))
        #expect(server == user.scaled(byAmplitude: 0.3))
        #expect(music.retarget(level: 1, rampMilliseconds: 600) == nil)
        let up = runToEnd(&music, server: &server)
        #expect(up.last == .finished(restored: true))
        #expect(server == user)
        #expect(music.isAtBase)
    }

    @Test("the server's rounding (±2 units, pipewire-pulse's float round trip) is not a user change")
    func roundingIsTolerated() {
        var music = DuckedStream(serial: 7, read: user)
        _ = music.retarget(level: 0.3, rampMilliseconds: 100)
        guard case .write(let first, _) = music.step(read: user) else {
            Issue.record("expected a write")
            return
        }
        let rounded = StreamVolume(first.channels.map { $0 + 2 })
        guard case .write = music.step(read: rounded) else {
            Issue.record("rounding was taken for a user change")
            return
        }
    }

    @Test("a volume the user sets mid-duck ends the duck for that stream and becomes its base (journalled)")
    func userChangeEndsDuck() {
        var server = user
        var music = DuckedStream(serial: 7, read: server)
        _ = music.retarget(level: 0.3, rampMilliseconds: 250)
        for _ in 0..<3 {
            if case .write(let volume, _) = music.step(read: server) { server = volume }
        }
        let slider = StreamVolume([50000, 50000])
        #expect(music.step(read: slider) == .userChanged(.userVolume(7, base: .streamVolume(slider))))
        #expect(music.base == slider)
        #expect(music.userTookOver)
        #expect(music.step(read: slider) == .finished(restored: true))
        // The duck ending writes nothing over the user's volume either.
        #expect(music.retarget(level: 1, rampMilliseconds: 600) == nil)
        server = slider
        let up = runToEnd(&music, server: &server)
        #expect(server == slider)
        #expect(up.last == .finished(restored: true))
    }

    @Test("a stream that appears mid-duck takes its base from the journal, not from its ducked volume")
    func appearsMidDuck() {
        let ducked = user.scaled(byAmplitude: 0.3)
        var music = DuckedStream(serial: 7, read: ducked, journalled: .volume(7, base: .streamVolume(user), appliedLevel: 0.3))
        #expect(music.base == user)
        #expect(music.level == 0.3)
        var server = ducked
        _ = music.retarget(level: 1, rampMilliseconds: 600)
        _ = runToEnd(&music, server: &server)
        #expect(server == user)
    }

    @Test("a journalled stream whose volume changed while no agent ran keeps the user's new volume")
    func changedWhileNoAgentRan() {
        let slider = StreamVolume([20000, 20000])
        var music = DuckedStream(serial: 7, read: slider, journalled: .volume(7, base: .streamVolume(user), appliedLevel: 0.3))
        _ = music.retarget(level: 1, rampMilliseconds: 600)
        #expect(music.step(read: slider) == .userChanged(.userVolume(7, base: .streamVolume(slider))))
        #expect(music.base == slider)
    }

    @Test("a journalled restore the user already took over starts from the user's base")
    func journalledUserVolume() {
        let slider = StreamVolume([20000, 20000])
        var music = DuckedStream(serial: 7, read: slider, journalled: .volume(7, base: .streamVolume(slider), appliedLevel: nil))
        #expect(music.isAtBase)
        #expect(music.retarget(level: 0.3, rampMilliseconds: 0) == .duck(7, base: .streamVolume(slider), level: 0.3))
        #expect(music.step(read: slider) == .write(slider.scaled(byAmplitude: 0.3), atMilliseconds: 0))
    }

    @Test("retargeting to the level a stream is at writes nothing")
    func retargetToSameLevel() {
        var music = DuckedStream(serial: 7, read: user)
        #expect(music.retarget(level: 1, rampMilliseconds: 600) == nil)
        #expect(music.step(read: user) == .finished(restored: true))
        let ducked = user.scaled(byAmplitude: 0.3)
        var adopted = DuckedStream(serial: 8, read: ducked, journalled: .volume(8, base: .streamVolume(user), appliedLevel: 0.3))
        #expect(adopted.retarget(level: 0.3, rampMilliseconds: 250) == nil)
        #expect(adopted.step(read: ducked) == .finished(restored: false))
    }
}
