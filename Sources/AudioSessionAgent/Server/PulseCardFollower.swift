import AudioPolicy
import Logging
import PulseBackend
import SoundServer
import Synchronization

/// Tells the engine about the server's Bluetooth cards: `cardAdded` when one appears or changes
/// (its active profile, which profiles are available), `cardRemoved` when it goes, on the loop
/// thread like the graph translator.
///
/// ```swift
/// let cards = try await PulseCardFollower.start(on: connection, coordinator: coordinator, logger: logger)
/// connection.withLoopLocked { cards.begin() }
/// // ... when the agent stops
/// cards.stop()
/// ```
final class PulseCardFollower: Sendable {
    let mirror: PulseCardMirror
    /// Closed until ``begin(coordinator:)`` has reported the cards present, and after ``stop()``.
    private let gate: CardGate

    private init(mirror: PulseCardMirror, gate: CardGate) {
        self.mirror = mirror
        self.gate = gate
    }

    /// Starts mirroring the cards; nothing reaches the engine before ``begin()``.
    static func start(
        on connection: PulseConnection, coordinator: PolicyCoordinator, logger: Logger
    ) async throws(PulseError) -> PulseCardFollower {
        let gate = CardGate()
        let mirror = try await PulseCardMirror.start(on: connection) { [weak coordinator] event in
            guard gate.isOpen, let coordinator else { return }
            for policyEvent in Self.events(for: event) {
                logger.debug("card", metadata: ["card.event": "\(policyEvent)"])
                coordinator.handleOnLoop(policyEvent)
            }
        }
        return PulseCardFollower(mirror: mirror, gate: gate)
    }

    /// Reports the cards present now and lets later changes through. Loop lock held (the
    /// coordinator's outer lock).
    func begin(coordinator: PolicyCoordinator) {
        for card in mirror.cards {
            if let info = CardTranslation.info(for: card) { coordinator.handleOnLoop(.cardAdded(info)) }
        }
        gate.open()
    }

    /// The events that tell the engine every Bluetooth card is gone (the server went away).
    func retire() -> [PolicyEvent] {
        gate.close()
        return mirror.cards.compactMap(CardTranslation.info(for:)).map { .cardRemoved($0.id) }
    }

    /// Stops following the cards.
    func stop() {
        gate.close()
        mirror.stop()
    }

    /// The engine events for one card change.
    static func events(for event: PulseCardEvent) -> [PolicyEvent] {
        switch event {
        case .cardAppeared(let card):
            return CardTranslation.info(for: card).map { [.cardAdded($0)] } ?? []
        case .cardChanged(let old, let new):
            let before = CardTranslation.info(for: old)
            let after = CardTranslation.info(for: new)
            if let after { return after == before ? [] : [.cardAdded(after)] }
            return before.map { [.cardRemoved($0.id)] } ?? []
        case .cardVanished(let card):
            return CardTranslation.info(for: card).map { [.cardRemoved($0.id)] } ?? []
        }
    }
}

/// Whether card changes reach the engine.
private final class CardGate: Sendable {
    private let state = Atomic(false)
    var isOpen: Bool { state.load(ordering: .acquiring) }
    func open() { state.store(true, ordering: .releasing) }
    func close() { state.store(false, ordering: .releasing) }
}
