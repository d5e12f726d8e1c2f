import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// A terminal program's stand-in for a call screen's buttons: signals, which a user sends from
/// another terminal (`kill -USR1 PID`) or with Ctrl-C, and a test with `kill(2)`.
///
/// | Button | Signal |
/// |--------|--------|
/// | ``Button/mute`` | `SIGUSR1` |
/// | ``Button/speaker`` | `SIGUSR2` |
/// | ``Button/hangUp`` | `SIGINT` (Ctrl-C) or `SIGTERM` |
///
/// ```swift
/// for await button in ExampleButtons.presses(hangingUpAfter: 60) {
///     if button == .hangUp { break }
/// }
/// ```
public enum ExampleButtons {
    /// A button of the call screen.
    public enum Button: Sendable, Hashable {
        /// Mute or unmute the microphone.
        case mute
        /// Turn the speaker on or off.
        case speaker
        /// End the call.
        case hangUp
    }

    /// The presses from now on, in order. The signals no longer end the program; a press of
    /// ``Button/hangUp`` also comes by itself after `seconds` (never when `seconds` is 0).
    public static func presses(hangingUpAfter seconds: Double = 0) -> AsyncStream<Button> {
        let (presses, continuation) = AsyncStream<Button>.makeStream()
        let buttons: [(Int32, Button)] = [(SIGUSR1, .mute), (SIGUSR2, .speaker), (SIGINT, .hangUp), (SIGTERM, .hangUp)]
        let sources = SignalSources(buttons.map { number, button in
            _ = signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(button) }
            source.resume()
            return source
        })
        let timer = Task {
            guard seconds > 0, (try? await Task.sleep(for: .seconds(seconds))) != nil else { return }
            continuation.yield(.hangUp)
        }
        continuation.onTermination = { _ in
            timer.cancel()
            sources.cancel()
        }
        return presses
    }
}

/// The dispatch sources of ``ExampleButtons/presses(hangingUpAfter:)``, kept alive until the
/// presses end. Only `cancel()` is called on them after they are set up, which libdispatch
/// allows from any thread, hence the unchecked sendability.
private final class SignalSources: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]

    init(_ sources: [any DispatchSourceSignal]) { self.sources = sources }

    func cancel() {
        for source in sources { source.cancel() }
    }
}
