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
    /// The user's screen is locked (logind's `LockedHint` of the user's display session, or a
    /// screen saver's `ActiveChanged(true)`).
    public var isLocked: Bool
    /// Do-not-disturb is on (the notification daemon's `Inhibited` property, or the user's
    /// `audiosessionctl dnd on`).
    public var doNotDisturb: Bool

    /// A desktop state; the defaults are an awake system with the screen unlocked and
    /// do-not-disturb off.
    public init(isSleeping: Bool = false, isLocked: Bool = false, doNotDisturb: Bool = false) {
        self.isSleeping = isSleeping
        self.isLocked = isLocked
        self.doNotDisturb = doNotDisturb
    }
}
