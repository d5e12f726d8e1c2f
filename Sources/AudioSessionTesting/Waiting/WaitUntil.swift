/// Polls `condition` until it returns true, or throws ``WaitTimeout`` once `timeout` has passed.
///
/// Tests wait for what a user would observe (a volume on the server, a signal on the bus) with a
/// deadline, never with a bare sleep: fast on a quiet machine, still correct on a loaded one. The
/// default deadline is generous (10 s) because CI machines are shared; a test about how fast
/// something happens passes its own, tighter `timeout`.
/// An error thrown by the condition counts as "not yet" and is reported if the deadline passes.
///
/// ```swift
/// try await waitUntil("the music stream is muted") {
///     try await pulse.pactl("list", "sink-inputs").contains("Mute: yes")
/// }
/// ```
public func waitUntil(
    _ condition: String,
    timeout: Duration = .seconds(10),
    poll: Duration = .milliseconds(20),
    _ check: () async throws -> Bool
) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var lastError: (any Error)?
    while true {
        do {
            if try await check() { return }
            lastError = nil
        } catch {
            lastError = error
        }
        if clock.now >= deadline {
            throw WaitTimeout(condition: condition, timeout: timeout, lastError: lastError.map { "\($0)" })
        }
        try await Task.sleep(for: poll)
    }
}

/// Polls `produce` until it returns a value, or throws ``WaitTimeout`` once `timeout` has passed.
///
/// ```swift
/// let index = try await waitForValue("paplay's sink input") { try await sinkInputIndex(of: "music") }
/// ```
public func waitForValue<Value>(
    _ condition: String,
    timeout: Duration = .seconds(10),
    poll: Duration = .milliseconds(20),
    _ produce: () async throws -> Value?
) async throws -> Value {
    var value: Value?
    try await waitUntil(condition, timeout: timeout, poll: poll) {
        value = try await produce()
        return value != nil
    }
    guard let value else { throw WaitTimeout(condition: condition, timeout: timeout, lastError: nil) }
    return value
}
