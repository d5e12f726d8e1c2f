import AudioSessionBus

/// logind's `PrepareForSleep(bool)` signals as an `AsyncSequence`: `true` when the system is
/// about to sleep, `false` when it woke. Signals with another payload are skipped.
///
/// ```swift
/// let transitions = try await SleepTransitions(on: systemBus)
/// for await goingToSleep in transitions { print(goingToSleep ? "sleeping" : "awake") }
/// ```
struct SleepTransitions: AsyncSequence, Sendable {
    typealias Element = Bool
    typealias Failure = Never

    private let signals: BusSignals

    /// Subscribes on `systemBus`; nothing sent after this returns is missed.
    init(on systemBus: BusConnection) async throws {
        signals = try await systemBus.signals(
            matching: BusMatchRule(
                sender: LogindNames.busName, interface: LogindNames.managerInterface, member: "PrepareForSleep",
                path: LogindNames.managerPath))
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: signals.makeAsyncIterator())
    }

    /// Produces the transitions one at a time.
    struct AsyncIterator: AsyncIteratorProtocol {
        var base: BusSignals.AsyncIterator

        mutating func next() async -> Bool? {
            while let signal = await base.next() {
                if case .boolean(let goingToSleep)? = signal.arguments.values.first { return goingToSleep }
            }
            return nil
        }
    }
}
