public import AudioSessionBus

/// `GetDesktopState`'s reply `(bbbas)`: the desktop's own state as the agent follows it, and who
/// turned do-not-disturb on.
///
/// ```swift
/// let state = DesktopStateReply(isSleeping: false, isLocked: false, doNotDisturb: true, doNotDisturbSources: ["user"])
/// let back = try DesktopStateReply(arguments: state.arguments)   // == state
/// ```
public struct DesktopStateReply: Hashable, Sendable {
    /// The system is going to sleep (logind's `PrepareForSleep(true)`), until it woke.
    public var isSleeping: Bool
    /// The user's screen is locked (logind's `LockedHint` or a screen saver).
    public var isLocked: Bool
    /// Do-not-disturb is on, from any source.
    public var doNotDisturb: Bool
    /// Who has do-not-disturb on: ``userSource`` (`audiosessionctl dnd on`) and
    /// ``notificationDaemonSource`` (the daemon's `Inhibited`), ``gnomeSource`` (GNOME's
    /// `show-banners` is false); empty when it is off.
    public var doNotDisturbSources: [String]

    /// The user's own switch, `SetDoNotDisturb`.
    public static let userSource = "user"
    /// The notification daemon's `Inhibited` property.
    public static let notificationDaemonSource = "notification-daemon"
    /// GNOME's `org.gnome.desktop.notifications show-banners` = false, read through the desktop portal.
    public static let gnomeSource = "gnome"

    /// The reply's arguments with their names, for the contract's table.
    static let fields = [
        ContractArgument("is_sleeping", .boolean), ContractArgument("is_locked", .boolean),
        ContractArgument("do_not_disturb", .boolean), ContractArgument("do_not_disturb_sources", .array(.string)),
    ]

    /// A reply with these fields.
    public init(isSleeping: Bool, isLocked: Bool, doNotDisturb: Bool, doNotDisturbSources: [String]) {
        self.isSleeping = isSleeping
        self.isLocked = isLocked
        self.doNotDisturb = doNotDisturb
        self.doNotDisturbSources = doNotDisturbSources
    }

    /// Reads the reply's arguments.
    public init(arguments: BusArguments) throws(WireFormatError) {
        var fields = WireFields(arguments, context: "GetDesktopState's reply")
        isSleeping = try fields.next("is_sleeping")
        isLocked = try fields.next("is_locked")
        doNotDisturb = try fields.next("do_not_disturb")
        doNotDisturbSources = try fields.next("do_not_disturb_sources")
    }

    /// The reply as the agent sends it.
    public var arguments: BusArguments {
        [.boolean(isSleeping), .boolean(isLocked), .boolean(doNotDisturb), doNotDisturbSources.busValue]
    }
}
