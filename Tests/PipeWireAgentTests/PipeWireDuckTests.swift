@testable import AudioSessionAgent
import Testing

extension PipeWireAgentTests {
    /// The native duck's ramp: the planner's levels, due by the clock, ending exactly at the target.
    @Suite("duck ramp")
    struct DuckRamp {
        @Test("a 250 ms duck to 0.3 steps down by the planner's levels and ends exactly at 0.3")
        func rampDown() throws {
            let start = ContinuousClock.now
            var duck = PipeWireDuck(base: 1, level: 1, target: 1, rampStart: start)
            duck.retarget(0.3, milliseconds: 250, now: start)
            #expect(duck.step(at: start).map(\.level) == nil, "nothing is due at once")
            let firstDue = duck.step(at: start + .milliseconds(20))
            let first = try #require(firstDue)
            #expect(first.level < 1 && first.level > 0.3 && !first.isLast)
            let lastDue = duck.step(at: start + .seconds(1))
            let last = try #require(lastDue, "a late tick jumps to the last step due")
            #expect(last.level == 0.3 && last.isLast)
            #expect(!duck.isRamping)
            #expect(duck.step(at: start + .seconds(2)).map(\.level) == nil)
        }

        @Test("an unduck from 0.3 ends at exactly 1; a journalled base survives as a factor")
        func rampUpAndJournal() throws {
            let start = ContinuousClock.now
            var duck = PipeWireDuck(base: 0.8, level: 0.3, target: 0.3, rampStart: start)
            duck.retarget(1, milliseconds: 600, now: start)
            let lastDue = duck.step(at: start + .seconds(1))
            let last = try #require(lastDue)
            #expect(last.level == 1 && last.isLast)
            let record = JournalRecord.entry(.duck(7, base: .nodeFactor(0.8), level: 0.3))
            #expect(JournalLine.parse(JournalLine.encode(record).dropLast()[...]) == .success(.record(record)))
        }
    }
}
