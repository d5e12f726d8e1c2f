import AudioSessionAgent
import Testing

@Suite("reconnect backoff")
struct ReconnectBackoffTests {
    @Test("100 ms doubling to a 2 s ceiling, then 2 s every time")
    func doublesToCeiling() {
        var backoff = ReconnectBackoff()
        let waits = (0..<8).map { _ in backoff.next() }
        #expect(
            waits == [
                .milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .milliseconds(1600),
                .seconds(2), .seconds(2), .seconds(2),
            ])
    }

    @Test("a ceiling below the first wait is raised to it: the waits never shrink")
    func ceilingBelowFirst() {
        var backoff = ReconnectBackoff(first: .seconds(1), ceiling: .milliseconds(10))
        #expect(backoff.next() == .seconds(1))
        #expect(backoff.next() == .seconds(1))
    }
}
