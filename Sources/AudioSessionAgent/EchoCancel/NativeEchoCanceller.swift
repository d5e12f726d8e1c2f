import AudioPolicy

/// One echo canceller the native enforcer runs: its configuration, the `pipewire` process that
/// runs it once started, and the moves waiting for its nodes to appear.
struct NativeEchoCanceller: Sendable {
    var configuration: NativeEchoCancellerConfiguration
    /// Where its configuration file is while the process has not read it yet.
    var configurationPath: String
    /// The process, once started (on the loop thread) and journalled.
    var process: HelperProcess?
    /// Whether its virtual sink and source are in the registry: streams can be moved onto them.
    var isReady = false
    /// Streams to move onto it once it is ready.
    var waitingMoves: [StreamID] = []
    /// Cancellers the engine no longer needs whose streams wait for this one (the route changed):
    /// they end once this one has taken the streams, so the call is never heard unprocessed.
    var retiring: [HelperProcess] = []
    /// When the agent asked for it; a canceller whose nodes never appear is given up.
    var requested: ContinuousClock.Instant
}
