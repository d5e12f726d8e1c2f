import AudioPolicy

/// What an ``EchoCancellerHost`` works for (the ``EchoCancellerSteward``): it sees the server's
/// devices and has the streams moved by the enforcer's protocol (`target.object` natively, a move
/// by name on the pulse protocol). Called on the loop thread, loop locked.
@ServerLoopActor
protocol EchoCancellerOwner: AnyObject {
    /// Whether the canceller's virtual sink and source are in the owner's view of the server.
    func echoCancellerDevicesExist(_ configuration: NativeEchoCancellerConfiguration) -> Bool
    /// The canceller's devices exist: the streams that waited for them go onto it now.
    func echoCancellerReady(_ id: EchoCancellerID, waiting: [StreamID])
    /// The canceller could not be started (logged): it is gone, its streams stay where they are.
    func echoCancellerGaveUp(_ id: EchoCancellerID)
}
