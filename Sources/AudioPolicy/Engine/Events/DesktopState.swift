/// What the desktop around the agent is doing, as the agent learns it from the system and the
/// session (logind, screen savers, notification daemons) and reports it in
/// ``PolicyEvent/desktopChanged(_:)``.
///
/// ```swift
/// _ = engine.handle(.desktopChanged(DesktopState(isSleeping: true)))   // every active session: app-was-suspended
/// _ = engine.handle(.desktopChanged(DesktopState()))                   // awake: wake-from-sleep, interruption ended
/// ```
public struct DesktopState: Hashable, Sendable {
    /// The system is about to sleep (logind's `PrepareForSleep(true)`), until it woke.
    public var isSleeping: Bool

    /// A desktop state; the defaults are an awake system.
    public init(isSleeping: Bool = false) {
        self.isSleeping = isSleeping
    }
}
