import AudioPolicy
import AudioSessionTesting
import PulseBackend
import Testing

@testable import AudioSessionAgent

/// The card switcher against a real PulseAudio, which has no card: what it journals and what it
/// does with a journalled switch whose card has gone.
@Suite("Cards: the switcher's journal", .serialized)
struct PulseCardSwitcherTests {
    @Test("a switch of a card the server does not have changes nothing and journals nothing")
    func unknownCard() async throws {
        try await withSwitcher { switcher, journal, connection in
            let decision = PolicyDecision.setCardProfile(
                "card:bluez_card.00_11_22_33_44_55", profile: "headset-head-unit", because: Explanation(rule: "test"))
            connection.withSeatLocked { switcher.carryOut([decision], after: .timePassed(milliseconds: 0), in: PolicyView.empty) }
            #expect(journal.pendingRestores.isEmpty)
        }
    }

    @Test("a previous agent's switch of a card that has gone is dropped at recovery and when stopping")
    func goneCardIsForgotten() async throws {
        try await withSwitcher { switcher, journal, connection in
            try journal.record(.cardProfile(card: "bluez_card.00_11_22_33_44_55", originalProfile: "a2dp-sink"))
            connection.withSeatLocked { switcher.recoverJournal() }
            #expect(journal.pendingRestores.isEmpty, "\(journal.pendingRestores)")

            try journal.record(.cardProfile(card: "bluez_card.66_77", originalProfile: "a2dp-sink"))
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                connection.withSeatLocked { switcher.undoAll { done.resume() } }
            }
            #expect(journal.pendingRestores.isEmpty, "\(journal.pendingRestores)")
        }
    }

    private func withSwitcher(
        _ body: (PulseCardSwitcher, Journal, PulseConnection) async throws -> Void
    ) async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        try await JournalTemporaryDirectory.withAsync { directory in
            let connection = try await PulseConnection.connect(server: pulse.serverAddress)
            defer { connection.disconnect() }
            let journal = try Journal.open(serverInstance: "test", in: directory.journalDirectory)
            defer { journal.close() }
            let cards = try await PulseCardMirror.start(on: connection)
            defer { cards.stop() }
            let switcher = PulseCardSwitcher(connection: connection, cards: cards, journal: journal, logger: AgentHarness<PrivatePulseAudio>.logger)
            try await body(switcher, journal, connection)
        }
    }
}

extension PolicyView {
    /// A view of nothing, for a sink that does not read it.
    static var empty: PolicyView {
        PolicyView(registry: SessionRegistry(limits: .standard), engine: PolicyEngine(policy: Policy()))
    }
}
