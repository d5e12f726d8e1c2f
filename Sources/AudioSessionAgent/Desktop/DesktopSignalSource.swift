import AudioSessionBus

/// One desktop switch the agent follows on the session bus: how to read it at start, which
/// signal announces its changes, and which of the board's sources it sets. The switches are data;
/// ``SessionBusDesktopWatcher`` follows any of them the same way.
///
/// ```swift
/// let watcher = SessionBusDesktopWatcher(.notificationsInhibited, sessionBus: bus, board: board, logger: logger)
/// ```
struct DesktopSignalSource: Sendable {
    /// What the switch is, for the log.
    let name: String
    /// The signal that announces a change.
    let changes: BusMatchRule
    /// The switch's value now, asked at start; nil when no service answers.
    let readCurrent: @Sendable (BusConnection) async -> Bool?
    /// The new value a matching signal carries, or nil for a signal about something else.
    let readChange: @Sendable (BusSignal) -> Bool?
    /// Where the value goes on the board.
    let apply: @Sendable (inout DesktopStateBoard.Sources, Bool) -> Void

    /// A boolean inside any number of variants (properties and portal settings come wrapped).
    static func boolean(in value: BusValue?) -> Bool? {
        switch value {
        case .boolean(let flag)?: flag
        case .variant(let inner)?: boolean(in: inner)
        default: nil
        }
    }
}
