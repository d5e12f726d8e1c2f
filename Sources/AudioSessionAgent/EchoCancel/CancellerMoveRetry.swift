import AudioPolicy

/// A move onto a canceller to try again: the server did not know the canceller's device yet.
struct CancellerMoveRetry: Sendable {
    var stream: StreamID
    var canceller: EchoCancellerID
    var attempt: Int
}
