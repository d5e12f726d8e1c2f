public import AudioSessionBus
public import Logging
public import ServiceLifecycle
import AudioPolicy

/// Follows the system's sleep through logind on the system bus: a delay inhibitor is held while
/// the system is awake, so that when logind announces a sleep (`PrepareForSleep(true)`) the
/// engine interrupts the active sessions (`app-was-suspended`), their signals leave, and only then
/// is the inhibitor released and the system may sleep. On wake (`PrepareForSleep(false)`) the
/// engine ends those interruptions and tells sessions their route (`wake-from-sleep`), and a new
/// inhibitor is taken.
///
/// Without a system bus, or without logind on it, the agent runs on: the watcher logs that once
/// and waits for the shutdown.
///
/// ```swift
/// let watcher = SleepWatcher(
///     systemBusAddress: "unix:path=/run/dbus/system_bus_socket", coordinator: coordinator, sessionBus: bus, logger: logger)
/// let group = ServiceGroup(services: [agentService, busService, watcher], logger: logger)
/// ```
public final class SleepWatcher: Service, Sendable {
    private let systemBusAddress: String
    private let coordinator: PolicyCoordinator
    private let sessionBus: BusConnection
    private let logger: Logger

    /// A watcher that tells `coordinator` of sleeps and confirms the signals left on `sessionBus`
    /// (the agent's own connection) before it lets the system sleep.
    public init(systemBusAddress: String, coordinator: PolicyCoordinator, sessionBus: BusConnection, logger: Logger) {
        self.systemBusAddress = systemBusAddress
        self.coordinator = coordinator
        self.sessionBus = sessionBus
        self.logger = logger
    }

    /// Follows sleeps until graceful shutdown or cancellation; the inhibitor is released then.
    public func run() async throws {
        let systemBus: BusConnection
        let transitions: SleepTransitions
        do {
            systemBus = try BusConnection(address: systemBusAddress)
        } catch {
            logger.notice(
                "no system bus: sessions are not told of the system's sleep",
                metadata: ["bus.address": "\(systemBusAddress)", "bus.error": "\(error.message)"])
            try await gracefulShutdown()
            return
        }
        defer { systemBus.close() }
        do {
            transitions = try await SleepTransitions(on: systemBus)
        } catch {
            logger.notice("cannot follow logind's PrepareForSleep: sessions are not told of the system's sleep", metadata: ["bus.error": "\(error)"])
            try await gracefulShutdown()
            return
        }
        var inhibitor = await takeInhibitor(on: systemBus, loggingFailure: true)
        defer { inhibitor?.close() }
        for await goingToSleep in transitions.cancelOnGracefulShutdown() {
            coordinator.handle(.desktopChanged(DesktopState(isSleeping: goingToSleep)))
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
