import AudioPolicy
import Logging
import PulseBackend
import SoundServer

/// Carries out the engine's `setCardProfile` decisions (a Bluetooth headset to its headset
/// profile while a call allows HFP, back afterwards) and puts every card it switched back to the
/// profile the user had, when the agent stops or, after a crash, when the next agent recovers.
///
/// The original profile is journalled before the first switch of a card (a second switch keeps
/// it) and cleared once the card is back on it. Isolated to the server loop (``ServerLoopActor``), like the enforcer.
///
/// ```swift
/// let switcher = PulseCardSwitcher(connection: connection, cards: follower.mirror, journal: journal, logger: logger)
/// seat.seat(connection, sinks: [enforcer, switcher])
/// // stopping:
/// switcher.undoAll { print("every card is back") }
/// ```
@ServerLoopActor
final class PulseCardSwitcher: LoopDecisionSink {
    // Touched only with the loop lock held.
    private let connection: PulseConnection
    private let cards: PulseCardMirror
    private let journal: Journal
    private let logger: Logger
    /// Cards this agent switched: a previous agent's journalled switches of other cards are
    /// recovered after the grace period.
    private var switched: Set<String> = []
    private var isShuttingDown = false

    nonisolated init(connection: PulseConnection, cards: PulseCardMirror, journal: Journal, logger: Logger) {
        self.connection = connection
        self.cards = cards
        self.journal = journal
        self.logger = logger
    }

    func carryOut(_ decisions: [PolicyDecision], after event: PolicyEvent, in view: PolicyView) {
        guard !isShuttingDown else { return }
        for case .setCardProfile(let id, let profile, _) in decisions {
            guard let name = CardTranslation.cardName(of: id) else { continue }
            switchCard(name, to: profile)
        }
    }

    /// Switches the card named `name` to `profile`, journalling the profile it has first.
    func switchCard(_ name: String, to profile: String) {
        guard let card = cards.card(named: name), card.activeProfile != profile else { return }
        let original: String?
        if case .cardProfile(_, let journalled)? = journal.pendingRestore(for: .cardProfile(card: name)) {
            original = journalled
        } else {
            original = card.activeProfile
        }
        if let original, original != profile {
            do { try journal.record(.cardProfile(card: name, originalProfile: original)) } catch {
                logger.error(
                    "not switching the card: the journal cannot be written",
                    metadata: ["card.name": "\(name)", "journal.error": "\(error)"])
                return
            }
        }
        switched.insert(name)
        logger.info("switching a card's profile", metadata: ["card.name": "\(name)", "card.profile": "\(profile)"])
        let backToOriginal = original == profile
        connection.submitCardProfileOnLoop(card: name, profile: profile) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success where backToOriginal:
                clear(name)
            case .success:
                break
            case .failure(let error):
                logger.warning(
                    "the card's profile was not switched",
                    metadata: ["card.name": "\(name)", "card.profile": "\(profile)", "pulse.error": "\(error)"])
            }
        }
    }

    /// Puts every journalled card back on its original profile (the agent is stopping); `done`
    /// runs on the loop thread once the server has answered.
    func undoAll(then done: @escaping @ServerLoopActor @Sendable () -> Void) {
        isShuttingDown = true
        let counter = WorkCounter { _ in done() }
        restore(counter: counter) { _ in true }
        counter.sealed()
    }

    /// Puts back what a previous agent switched and this one has not taken over (the grace
    /// period for sessions to come back has passed).
    func recoverJournal() {
        let counter = WorkCounter { _ in }
        restore(counter: counter) { [switched] name in !switched.contains(name) }
        counter.sealed()
    }

    private func restore(counter: WorkCounter, where shouldRestore: (String) -> Bool) {
        for case .cardProfile(let name, let original) in journal.pendingRestores where shouldRestore(name) {
            guard let card = cards.card(named: name), card.profiles.contains(where: { $0.name == original && $0.isAvailable })
            else {
                clear(name)  // the card or its profile has gone: nothing to put back
                continue
            }
            guard card.activeProfile != original else {
                clear(name)
                continue
            }
            counter.begin()
            connection.submitCardProfileOnLoop(card: name, profile: original) { [weak self] result in
                if case .success = result { self?.clear(name) }
                counter.finish(succeeded: (try? result.get()) != nil)
            }
        }
    }

    private func clear(_ name: String) {
        do { try journal.clear(.cardProfile(card: name)) } catch {
            logger.error("the journal cannot be written", metadata: ["journal.error": "\(error)"])
        }
    }
}
