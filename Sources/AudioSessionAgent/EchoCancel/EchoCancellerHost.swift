import AudioPolicy

/// Where an enforcer's echo cancellers run: `module-echo-cancel` inside PulseAudio
/// (``EchoCancellerModules``), or `pipewire` processes of the agent's, natively and on
/// pipewire-pulse (``EchoCancellerProcesses``). The ``EchoCancellerSteward`` asks for cancellers
/// and hears, as the host's ``EchoCancellerOwner``, when a canceller's devices exist or that it
/// gave up; it moves the streams itself.
///
/// ```swift
/// host.begin(owner: steward)
/// host.start(configuration)      // steward.echoCancellerReady(id, waiting:) once its devices exist
/// host.end(configuration.module.canceller.id)
/// ```
@ServerLoopActor
protocol EchoCancellerHost: AnyObject, Sendable {
    /// The cancellers started or starting, by the engine's id.
    var configurations: [EchoCancellerID: NativeEchoCancellerConfiguration] { get }
    /// Serves `owner` from now on; call once, as the enforcer starts.
    func begin(owner: any EchoCancellerOwner)
    /// Starts the canceller `configuration` describes, between its masters.
    func start(_ configuration: NativeEchoCancellerConfiguration)
    /// Whether the canceller's devices exist, so streams can be moved onto them.
    func isReady(_ id: EchoCancellerID) -> Bool
    /// Has `stream` wait for the canceller's devices; the owner gets it back when they exist.
    func waitToMove(_ stream: StreamID, onto id: EchoCancellerID)
    /// A device appeared in the owner's view of the server: cancellers still starting are looked for.
    func devicesAppeared()
    /// Ends the canceller; its streams' moves off it were sent first (decisions apply in order).
    func end(_ id: EchoCancellerID)
    /// Ends every canceller (the agent is stopping; its streams' moves off them are answered);
    /// `counter` counts what the server has still to answer.
    func endAll(counter: WorkCounter)
    /// Ends the cancellers a previous agent left (it was killed); `counter` counts the answers.
    func endLeftovers(counter: WorkCounter)
    /// Stops as a crash would: what runs in the server stays for the next agent to end, and
    /// processes end as the parent-death signal would end them, journalled.
    func abandon()
}
