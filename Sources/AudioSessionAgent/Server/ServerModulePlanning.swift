import SoundServer

/// What the translator asks of the server's own policy modules: which the policy leaves in
/// charge (the streams whose role they handle are marked and left to them), planned again when a
/// module is loaded, changed or unloaded. The pulse protocol's ``PulseModuleSteward`` is one;
/// native PipeWire has no module the agent takes over, and its translator asks none.
///
/// ```swift
/// if planner.modulesChanged(in: graph) { resolveAll() }   // the left modules changed
/// let info = StreamTranslation.info(for: stream, ..., serverModules: planner.plan, ...)
/// ```
@ServerLoopActor
protocol ServerModulePlanning: AnyObject, Sendable {
    /// The plan for the modules loaded now: what is left to the server and what that handles.
    var plan: ServerModulePlan { get }
    /// A module was loaded, changed or unloaded in `graph`: plans again. Returns whether the
    /// left modules changed, in which case every stream is translated again.
    func modulesChanged(in graph: Graph) -> Bool
}
