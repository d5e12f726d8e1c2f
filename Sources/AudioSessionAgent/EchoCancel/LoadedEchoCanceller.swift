import AudioPolicy

/// An echo canceller the pulse enforcer asked for: module-echo-cancel on the server (its index
/// once loaded, and the moves waiting for its devices to exist), or, on pipewire-pulse, a
/// process of the agent's (``EchoCancellerProcesses`` keeps its process and waiting moves).
struct LoadedEchoCanceller: Sendable {
    var module: EchoCancellerModule
    /// It runs in a process of the agent's, not as a module of the server.
    var runsInProcess = false
    /// The server's module index, once the load is answered.
    var index: UInt32?
    /// Streams to move onto it once it is loaded.
    var waitingMoves: [StreamID] = []
    /// The engine no longer needs it: unload as soon as the load is answered.
    var unloadWhenLoaded = false
    /// The engine no longer needs it: unload once its streams have moved off (route changes).
    var unloadWhenVacated = false
}
