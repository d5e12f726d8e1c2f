import AudioSessionTesting

/// The next element of `events` that satisfies `match`, waiting at most `timeout` (a deadline
/// for a loaded machine, not a timing assertion); throws ``NoEvent`` when none came.
func nextEvent<Events: AsyncSequence & Sendable>(
    _ what: String, from events: Events, timeout: Duration = .seconds(20),
    where match: @escaping @Sendable (Events.Element) -> Bool = { _ in true }
) async throws -> Events.Element where Events.Element: Sendable {
    try await withThrowingTaskGroup(of: Events.Element?.self) { group in
        group.addTask {
            for try await event in events where match(event) { return event }
            return nil
        }
        group.addTask {
            try await Task.sleep(for: timeout)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let event = first else {
            throw NoEvent(what: what, timeout: timeout)
        }
        return event
    }
}

/// No matching event came before the deadline.
struct NoEvent: Error, CustomStringConvertible {
    var what: String
    var timeout: Duration
    var description: String { "no \(what) within \(timeout)" }
}
