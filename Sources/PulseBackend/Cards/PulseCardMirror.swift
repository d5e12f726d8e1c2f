internal import CPulse
public import SoundServer
import Synchronization

/// A live copy of the server's cards: the initial listing plus the card subscription events,
/// applied in the server's order. The graph mirror (``PulseGraphMirror``) leaves cards out; the
/// agent needs them only to switch a Bluetooth headset's profile.
///
/// The handler is called **on the loop thread** after each change, like a graph mirror's: it may
/// submit commands without waiting, and must not block.
///
/// ```swift
/// let cards = try await PulseCardMirror.start(on: connection) { event in
///     if case .cardAppeared(let card) = event, card.isBluetooth { print("headset", card.name) }
/// }
/// defer { cards.stop() }
/// print(cards.cards.map(\.name))
/// ```
///
/// The corresponding PulseAudio calls are `pa_context_subscribe`, `pa_context_get_card_info_list`
/// and `pa_context_get_card_info_by_index`.
public final class PulseCardMirror: Sendable {
    private struct State {
        var cards: [UInt32: SoundCard] = [:]
        var isListing = true
        var isEnded = false
        var handler: (@Sendable (PulseCardEvent) -> Void)?
        var listenerToken: UInt64?
    }

    private let connection: PulseConnection
    private let state: Mutex<State>

    private init(connection: PulseConnection, handler: (@Sendable (PulseCardEvent) -> Void)?) {
        self.connection = connection
        self.state = Mutex(State(handler: handler))
    }

    /// Subscribes, lists the cards and returns once the listing is in; the cards then are the
    /// baseline, and every change after it reaches `handler`.
    ///
    /// - Throws: ``PulseError`` when the subscription or the listing fails.
    public static func start(
        on connection: PulseConnection, handler: (@Sendable (PulseCardEvent) -> Void)? = nil
    ) async throws(PulseError) -> PulseCardMirror {
        let mirror = PulseCardMirror(connection: connection, handler: handler)
        do throws(PulseError) {
            try await connection.awaiting { done in mirror.begin(done) }
        } catch {
            mirror.stop()
            throw error
        }
        return mirror
    }

    /// The cards now, by name.
    public var cards: [SoundCard] { state.withLock { $0.cards.values.sorted { $0.index < $1.index } } }

    /// The card named `name`, if the server has it.
    public func card(named name: String) -> SoundCard? { state.withLock { $0.cards.values.first { $0.name == name } } }

    /// Stops following the cards; the handler is not called again.
    public func stop() {
        let token = state.withLock { state in
            state.isEnded = true
            state.handler = nil
            defer { state.listenerToken = nil }
            return state.listenerToken
        }
        guard let token else { return }
        connection.core.withLoopLocked { loop in loop.removeListener(token) }
    }

    // MARK: On the loop thread

    /// Listens, subscribes and lists under one hold of the loop lock, so no change slips in between.
    private func begin(_ done: @escaping @Sendable (Result<Void, PulseError>) -> Void) {
        connection.core.withLoopLocked { loop in
            let token = loop.addCardListener { [weak self] change in self?.received(change) }
            state.withLock { $0.listenerToken = token }
            // Every facility, not cards alone: the mask is the connection's, and a graph mirror on
            // the same connection needs the rest. The server answers in order, so the listing's
            // answer comes last and reports the subscription's failure, once.
            let subscription = SubscriptionOutcome()
            connection.request("pa_context_subscribe", { (result: Result<Void, PulseError>) in
                if case .failure(let error) = result { subscription.error = error }
            }) { pa_context_subscribe($0, PA_SUBSCRIPTION_MASK_ALL, OperationCallbacks.success, $1) }
            connection.listCards { [weak self] result in
                if let error = subscription.error {
                    done(.failure(error))
                    return
                }
                if case .success(let cards) = result {
                    self?.state.withLock { state in
                        for card in cards { state.cards[card.index] = card }
                        state.isListing = false
                    }
                }
                done(result.map { _ in () })
            }
        }
    }

    private func received(_ change: PulseCardChange) {
        if change.change == .removed {
            apply(index: change.index, card: nil)
            return
        }
        connection.fetchCard(change.index) { [weak self] card in
            // Gone already: its removal event follows or came first.
            guard let card else { return }
            self?.apply(index: change.index, card: card)
        }
    }

    private func apply(index: UInt32, card: SoundCard?) {
        let delivery = state.withLock { state -> (PulseCardEvent, @Sendable (PulseCardEvent) -> Void)? in
            guard !state.isEnded else { return nil }
            let old = state.cards[index]
            state.cards[index] = card
            guard !state.isListing, let handler = state.handler else { return nil }
            switch (old, card) {
            case (nil, let new?): return (.cardAppeared(new), handler)
            case (let old?, let new?) where old != new: return (.cardChanged(old: old, new: new), handler)
            case (let old?, nil): return (.cardVanished(old), handler)
            default: return nil
            }
        }
        guard let (event, handler) = delivery else { return }
        handler(event)
    }
}

/// The subscription's answer, kept for the listing's (both on the loop thread).
private final class SubscriptionOutcome {
    var error: PulseError?
}
