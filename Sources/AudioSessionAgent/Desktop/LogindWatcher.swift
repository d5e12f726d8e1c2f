import AudioSessionBus
import Logging
import ServiceLifecycle
import AudioPolicy

/// Follows logind on the system bus: the system's sleep and the user's screen lock.
///
/// Sleep: a delay inhibitor is held while the system is awake, so that when logind announces a
/// sleep (`PrepareForSleep(true)`) the engine interrupts the active sessions
/// (`app-was-suspended`), their signals leave, and only then is the inhibitor released and the
/// system may sleep. On wake (`PrepareForSleep(false)`) the engine ends those interruptions and
/// tells sessions their route (`wake-from-sleep`), and a new inhibitor is taken.
///
/// Lock: the agent runs as a user service, in no login session of its own, so it follows the
/// user's display session (`/org/freedesktop/login1/user/self`'s `Display`) and that session's
/// `LockedHint`.
///
/// Without a system bus, or without logind on it, the agent runs on: the watcher logs that once
/// and waits for the shutdown.
///
/// ```swift
/// let watcher = LogindWatcher(
///     systemBusAddress: "unix:path=/run/dbus/system_bus_socket", board: board, sessionBus: bus, logger: logger)
/// let group = ServiceGroup(services: [agentService, busService, watcher], logger: logger)
/// ```
final class LogindWatcher: Service, Sendable {
    private let systemBusAddress: String
    private let board: DesktopStateBoard
    private let sessionBus: BusConnection
    private let logger: Logger

    /// A watcher that tells `board` of sleeps and locks and confirms the signals left on
    /// `sessionBus` (the agent's own connection) before it lets the system sleep.
    init(systemBusAddress: String, board: DesktopStateBoard, sessionBus: BusConnection, logger: Logger) {
        self.systemBusAddress = systemBusAddress
        self.board = board
        self.sessionBus = sessionBus
        self.logger = logger
    }

    /// Follows logind until graceful shutdown or cancellation; the inhibitor is released then.
    func run() async throws {
        let systemBus: BusConnection
        do {
            systemBus = try BusConnection(address: systemBusAddress)
        } catch {
            logger.notice(
                "no system bus: sessions are not told of the system's sleep, and logind's screen lock is not followed",
                metadata: ["bus.address": "\(systemBusAddress)", "bus.error": "\(error.message)"])
            try await gracefulShutdown()
            return
        }
        defer { systemBus.close() }
        await withDiscardingTaskGroup { group in
            group.addTask { await self.followSleep(on: systemBus) }
            group.addTask { await self.followLock(on: systemBus) }
        }
    }

    private func followSleep(on systemBus: BusConnection) async {
        let transitions: SleepTransitions
        do {
            transitions = try await SleepTransitions(on: systemBus)
        } catch {
            logger.notice("cannot follow logind's PrepareForSleep: sessions are not told of the system's sleep", metadata: ["bus.error": "\(error)"])
            return
        }
        var inhibitor = await takeInhibitor(on: systemBus, loggingFailure: true)
        defer { inhibitor?.close() }
        for await goingToSleep in transitions.cancelOnGracefulShutdown() {
            board.update { $0.isSleeping = goingToSleep }
            if goingToSleep {
                await confirmSignalsLeft()
                logger.info("the system sleeps: sessions were told", metadata: ["desktop.inhibitor": "\(inhibitor != nil ? "released" : "none held")"])
                inhibitor?.close()
                inhibitor = nil
            } else {
                logger.info("the system woke: sessions were told")
                if inhibitor == nil { inhibitor = await takeInhibitor(on: systemBus, loggingFailure: false) }
            }
        }
    }

    /// Follows the `LockedHint` of the user's display session; a user without one (no graphical
    /// session) or an older logind leaves the lock to the screen savers.
    private func followLock(on systemBus: BusConnection) async {
        let session: BusObjectPath
        let changes: BusSignals
        do {
            let display = try await property("Display", of: LogindNames.userSelfPath, LogindNames.userInterface, on: systemBus)
            guard case .structure(let fields) = display, fields.count == 2, case .objectPath(let path) = fields[1],
                path.rawValue != "/"
            else {
                logger.info("the user has no display session in logind: the screen lock is read from screen savers only")
                return
            }
            session = path
            changes = try await systemBus.signals(
                matching: BusMatchRule(
                    sender: LogindNames.busName, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged",
                    path: session, arguments: [0: LogindNames.sessionInterface]))
            let locked = try await property("LockedHint", of: session, LogindNames.sessionInterface, on: systemBus)
            if case .boolean(let isLocked) = locked { board.update { $0.logindLocked = isLocked } }
        } catch {
            logger.info("cannot read the screen lock from logind: it is read from screen savers only", metadata: ["bus.error": "\(error)"])
            return
        }
        logger.debug("following the screen lock of the display session", metadata: ["logind.session": "\(session.rawValue)"])
        for await signal in changes.cancelOnGracefulShutdown() {
            let values = signal.arguments.values
            guard values.count >= 2, case .dictionary(_, _, let changed) = values[1],
                case .variant(.boolean(let isLocked))? = changed[.string("LockedHint")]
            else { continue }
            board.update { $0.logindLocked = isLocked }
        }
    }

    private func property(
        _ name: String, of path: BusObjectPath, _ interface: String, on systemBus: BusConnection
    ) async throws -> BusValue {
        let (value) = try await systemBus.call(
            destination: LogindNames.busName, path: path, interface: "org.freedesktop.DBus.Properties", method: "Get",
            arguments: [.string(interface), .string(name)], timeout: .seconds(5)
        ).decode(BusVariant.self)
        return value.value
    }

    /// A delay inhibitor for sleep, or `nil` when logind refuses or is absent (the sleep is then
    /// still followed, without the guarantee that sessions hear of it first).
    private func takeInhibitor(on systemBus: BusConnection, loggingFailure: Bool) async -> BusFileDescriptor? {
        do {
            return try await systemBus.callTakingDescriptor(
                destination: LogindNames.busName, path: LogindNames.managerPath, interface: LogindNames.managerInterface,
                method: "Inhibit",
                arguments: [
                    .string("sleep"), .string("audiosessiond"), .string("Telling audio sessions the system sleeps"),
                    .string("delay"),
                ], timeout: .seconds(5))
        } catch {
            let metadata: Logger.Metadata = ["bus.error": "\(error)"]
            if loggingFailure {
                logger.notice("no sleep inhibitor from logind: sessions may hear of a sleep only after it", metadata: metadata)
            } else {
                logger.debug("no sleep inhibitor from logind", metadata: metadata)
            }
            return nil
        }
    }

    /// Waits until the bus has the signals the agent queued: messages on one connection are
    /// handled in order, so the bus answering a ping means it routed every signal before it.
    private func confirmSignalsLeft() async {
        do {
            _ = try await sessionBus.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus.Peer",
                method: "Ping", timeout: .seconds(2))
        } catch {
            logger.debug("the session bus did not answer a ping before the sleep", metadata: ["bus.error": "\(error)"])
        }
    }
}
