import Testing

@testable import AudioSessionAgent

@Suite("Ramp planner")
struct RampPlannerTests {
    let user = StreamVolume([65536, 40000])

    @Test(
        "a 250 ms ramp has at least 13 steps, at least 50 per second",
        arguments: [0, 1, 20, 21, 250, 600, 1000, 10_000])
    func stepRate(milliseconds: Int) {
        let plan = RampPlanner.plan(base: user, from: 1, to: 0.3, milliseconds: milliseconds)
        #expect(plan.steps.count >= max(1, (milliseconds * 50 + 999) / 1000))
        if milliseconds == 250 { #expect(plan.steps.count >= 13) }
        var previous = 0
        for step in plan.steps {
            #expect(step.offsetMilliseconds - previous <= 20)
            previous = step.offsetMilliseconds
        }
        #expect(plan.steps.last?.offsetMilliseconds == milliseconds)
    }

    @Test("the last step is exactly the target, and a ramp back up ends on the user's volume to the unit")
    func endsExactly() {
        let down = RampPlanner.plan(base: user, from: 1, to: 0.3, milliseconds: 250)
        #expect(down.steps.last?.level == 0.3)
        #expect(down.targetVolume == user.scaled(byAmplitude: 0.3))
        let up = RampPlanner.plan(base: user, from: 0.3, to: 1, milliseconds: 600)
        #expect(up.steps.last?.volume == user)
        #expect(up.steps.last?.level == 1)
    }

    @Test("steps move monotonically from start to target on every channel")
    func monotonic() {
        let down = RampPlanner.plan(base: user, from: 1, to: 0.05, milliseconds: 400)
        for channel in user.channels.indices {
            let values = down.steps.map { $0.volume.channels[channel] }
            #expect(values == values.sorted(by: >))
            #expect(values.first.map { $0 < user.channels[channel] } == true)
        }
    }

    @Test("the level is a linear amplitude factor: its cube on PulseAudio's cubic volume scale")
    func amplitudeOnCubicScale() {
        // 0.3 of the amplitude is ∛0.3 ≈ 0.6694 of the volume: 65536 → 43872, i.e. -10.5 dB.
        let ducked = StreamVolume([65536]).scaled(byAmplitude: 0.3)
        #expect(ducked == StreamVolume([43872]))
        let amplitude =
            (Double(ducked.channels[0]) / 65536) * (Double(ducked.channels[0]) / 65536)
            * (Double(ducked.channels[0]) / 65536)
        #expect(abs(amplitude - 0.3) < 0.0001)
        // A volume factor would have given 19661 (30 % on the slider, -31 dB): not what the policy means.
        #expect(ducked != StreamVolume([19661]))
    }

    @Test("factors outside 0 ... 1 are clamped; silence is reachable")
    func clamping() {
        #expect(RampPlanner.plan(base: user, from: 1, to: -1, milliseconds: 100).targetVolume == StreamVolume([0, 0]))
        #expect(RampPlanner.plan(base: user, from: 1, to: 7, milliseconds: 100).targetVolume == user)
    }

    @Test("over a grid of bases, levels and durations: even steps, monotonic, exact end, at least 50 per second")
    func invariantsOverAGrid() {
        let bases = [StreamVolume([0]), StreamVolume([1, 65536]), StreamVolume([98304, 30000, 7]), user]
        let levels = [0.0, 0.05, 0.3, 0.5, 0.99, 1.0]
        for base in bases {
            for start in levels {
                for target in levels {
                    for milliseconds in [0, 13, 250, 777] {
                        let plan = RampPlanner.plan(base: base, from: start, to: target, milliseconds: milliseconds)
                        let context = "base \(base) \(start) → \(target) in \(milliseconds) ms"
                        #expect(plan.steps.count * 1000 >= milliseconds * 50, "\(context)")
                        #expect(plan.steps.last?.level == target, "\(context)")
                        #expect(plan.steps.last?.volume == base.scaled(byAmplitude: target), "\(context)")
                        let levels = plan.steps.map(\.level)
                        let sorted = target < start ? levels.sorted(by: >) : levels.sorted()
                        #expect(levels.indices.allSatisfy { abs(levels[$0] - sorted[$0]) < 1e-12 }, "\(context)")
                    }
                }
            }
        }
    }
}
