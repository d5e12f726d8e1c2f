import AudioPolicy

/// An echo canceller the enforcer asked the server for: its module once loaded, and the moves
/// waiting for its devices to exist.
struct LoadedEchoCanceller: Sendable {
    var module: EchoCancellerModule
    /// The server's module index, once the load is answered.
    var index: UInt32?
    /// Streams to move onto it once it is loaded.
    var waitingMoves: [StreamID] = []
    /// The engine no longer needs it: unload as soon as the load is answered.
    var unloadWhenLoaded = false
    /// The engine no longer needs it: unload once its streams have moved off (route changes).
    var unloadWhenVacated = false
}
