import AudioSessionAgent
import AudioSessionContract
import Synchronization
import Testing

/// The per-app call budget: the bucket's arithmetic on a clock stepped by hand, then the limiter
/// that keeps one bucket per app.
@Suite("Call rate limits")
struct TokenBucketTests {
    @Test("a full bucket lets a burst through, refuses the next call, and refills at its rate")
    func burstThenRate() {
        var bucket = TokenBucket(capacity: 3, perSecond: 2, at: 10_000)
        let burst = [10_000, 10_000, 10_000, 10_000].map { bucket.take(at: $0) }
        #expect(burst == [true, true, true, false])
        #expect(bucket.millisecondsUntilNextToken(at: 10_000) == 500)
        // Half a token at 10_750 is kept, not lost to rounding: the whole one is there at 11_000.
        let later = [10_499, 10_500, 10_500, 10_750, 11_000].map { bucket.take(at: $0) }
        #expect(later == [false, true, false, false, true])
        #expect(!bucket.isFull(at: 11_000))
        #expect(bucket.isFull(at: 12_500))
    }

    @Test("a long pause refills a full bucket and no more; a clock going back refills nothing")
    func refillIsBounded() {
        var bucket = TokenBucket(capacity: 2, perSecond: 1_000, at: 0)
        let granted = [0, 0, -5_000, Int.max / 2, Int.max / 2, Int.max / 2].map { bucket.take(at: $0) }
        #expect(granted == [true, true, false, true, true, false])
    }

    /// A clock the test moves.
    final class ManualClock: AgentClock {
        let now = Mutex(0)
        var milliseconds: Int { now.withLock { $0 } }
        func advance(_ milliseconds: Int) { now.withLock { $0 += milliseconds } }
    }

    @Test("each app has its own budget: one app over its limit is refused with TooManyCalls naming the limit, another is served")
    func perApp() throws {
        let clock = ManualClock()
        let limiter = CallRateLimiter(limits: CallRateLimits(burst: 4, perSecond: 2), clock: clock)
        let flood = AppAccount(BusCaller(uniqueName: ":1.7", processID: 70, processBinary: "flood"))
        let maps = AppAccount(BusCaller(uniqueName: ":1.8", flatpakID: "org.example.Maps"))
        for _ in 0..<4 { #expect(throws: Never.self) { try limiter.admit(flood).get() } }
        let refusal = try #require(limiter.admit(flood).failureValue)
        #expect(refusal.busErrorName.rawValue == "org.audiosession.Error.TooManyCalls")
        #expect("\(refusal)".contains("the app (binary flood) called the agent more than 4 times in a burst or 2 times a second"))
        #expect("\(refusal)".contains("retry in 500 ms"), "\(refusal)")
        #expect(throws: Never.self) { try limiter.admit(maps).get() }
        clock.advance(500)
        #expect(throws: Never.self) { try limiter.admit(flood).get() }
        #expect(limiter.admit(flood).failureValue != nil)
    }

    @Test("a connection's caller is remembered until it leaves")
    func callers() {
        let limiter = CallRateLimiter(clock: ManualClock())
        let caller = BusCaller(uniqueName: ":1.9", processID: 90, processBinary: "maps")
        #expect(limiter.caller(of: ":1.9") == nil)
        limiter.remember(caller)
        #expect(limiter.caller(of: ":1.9") == caller)
        limiter.forget(connection: ":1.9")
        #expect(limiter.caller(of: ":1.9") == nil)
    }
}

extension Result {
    fileprivate var failureValue: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
