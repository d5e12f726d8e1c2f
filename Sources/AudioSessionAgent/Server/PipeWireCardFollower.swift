import AudioPolicy
import Logging
import PipeWireBackend
import SoundServer

/// The native backend's counterpart of ``PulseCardFollower``: tells the engine about the
/// Bluetooth cards among PipeWire's Devices (``PipeWireCardTranslation``, then
/// ``CardTranslation``, the same facts the pulse backend gives), `cardAdded` when one appears or
/// its profiles change, `cardRemoved` when it goes, on the loop thread with the loop locked.
///
/// Isolated to the server loop (``ServerLoopActor``).
///
/// ```swift
/// let cards = PipeWireCardFollower(connection: connection, logger: logger)
/// connection.withSeatLocked { cards.begin(coordinator: coordinator) }
/// // ... when the agent stops
/// connection.withSeatLocked { cards.stop() }
/// ```
@ServerLoopActor
final class PipeWireCardFollower {
    private let connection: PipeWireConnection
    private let logger: Logger
    private var registration: PipeWireEventHandlerRegistration?
    private var cards: [UInt32: SoundCard] = [:]

    nonisolated init(connection: PipeWireConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    /// Reports the cards present now and follows the connection from here on. Loop lock held.
    func begin(coordinator: PolicyCoordinator) {
        cards = PipeWireCardTranslation.cards(in: connection.globals)
        for event in Self.events(from: [:], to: cards) { coordinator.handleOnLoop(event) }
        registration = connection.addEventHandler { [weak self, weak coordinator] event in
            ServerLoopActor.assumeIsolated { self?.follow(event, coordinator: coordinator) }
        }
    }

    /// A cards' change the loop reported, as the engine's card events.
    private func follow(_ event: PipeWireEvent, coordinator: PolicyCoordinator?) {
        guard let coordinator else { return }
        switch event {
        case .globalAdded(let global), .globalChanged(let global), .globalRemoved(let global):
            guard global.type == .device else { return }
            let next = PipeWireCardTranslation.cards(in: connection.globals)
            let events = Self.events(from: cards, to: next)
            cards = next
            for policyEvent in events {
                logger.debug("card", metadata: ["card.event": "\(policyEvent)"])
                coordinator.handleOnLoop(policyEvent)
            }
        case .metadataChanged, .disconnected, .serverError:
            break
        }
    }

    /// Stops following the cards. Loop lock held.
    func stop() {
        if let registration { connection.removeEventHandler(registration) }
        registration = nil
    }

    /// The engine events that take it from the cards `old` to the cards `new` (by device id):
    /// only Bluetooth cards with an active profile count (``CardTranslation/info(for:)``).
    nonisolated static func events(from old: [UInt32: SoundCard], to new: [UInt32: SoundCard]) -> [PolicyEvent] {
        var events: [PolicyEvent] = []
        for id in Set(old.keys).union(new.keys).sorted() {
            let before = old[id].flatMap(CardTranslation.info(for:))
            let after = new[id].flatMap(CardTranslation.info(for:))
            if let after {
                if after != before { events.append(.cardAdded(after)) }
            } else if let before {
                events.append(.cardRemoved(before.id))
            }
        }
        return events
    }
}
