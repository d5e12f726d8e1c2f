import AudioPolicy

/// The enforcer an ``EchoCancellerProcesses`` works for: it sees the server's devices and moves
/// streams by its own protocol (`target.object` natively, a move by name on the pulse protocol).
/// Called on the loop thread, loop locked.
@ServerLoopActor
protocol EchoCancellerProcessOwner: AnyObject {
    /// Whether the canceller's virtual sink and source are in the owner's view of the server.
    func echoCancellerDevicesExist(_ configuration: NativeEchoCancellerConfiguration) -> Bool
    /// The canceller's devices exist: the streams that waited for them go onto it now.
    func echoCancellerReady(_ id: EchoCancellerID, waiting: [StreamID])
    /// The canceller could not be started (logged): it is gone, its streams stay where they are.
    func echoCancellerGaveUp(_ id: EchoCancellerID)
}
