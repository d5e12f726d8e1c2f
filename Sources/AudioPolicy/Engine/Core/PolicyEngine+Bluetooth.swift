import AudioSessionModel

// Bluetooth profile by declaration: a headset's microphone (HSP/HFP) only while a session that
// records and allows it is active; otherwise the card keeps its high-quality profile.
extension PolicyEngine {
    mutating func addCard(_ card: CardInfo) {
        state.cards[card.id] = card
        transaction.cardsDirty = true
    }

    mutating func removeCard(_ id: CardID) {
        state.cards[id] = nil
        state.cardProfilesBefore[id] = nil
    }

    /// The session that wants the headset profile now, if any: active, recording, allowing HFP.
    var headsetProfileHolder: SessionRecord? {
        state.sessions.values
            .filter { session in
                let configuration = session.configuration
                return session.activity == .active && configuration.category.records
                    && configuration.options.contains(.allowBluetoothHFP)
            }
            .min { $0.activationOrder < $1.activationOrder }
    }

    /// Switches cards to the headset profile while a holder is active and back when none is.
    mutating func updateCardProfiles() {
        guard state.policy.enabled, transaction.cardsDirty || !state.cards.isEmpty else { return }
        let holder = headsetProfileHolder
        for id in state.cards.keys.sorted() {
            guard let card = state.cards[id] else { continue }
            if let holder {
                guard let headset = card.profile(.headset), card.activeProfile != headset.name,
                    state.cardProfilesBefore[id] == nil
                else { continue }
                state.cardProfilesBefore[id] = card.activeProfile
                state.cards[id]?.activeProfile = headset.name
                transaction.routingDecisions.append(
                    .setCardProfile(
                        id, profile: headset.name,
                        because: Explanation(rule: "allow-bluetooth-hfp: a session records through the headset", source: .session(holder.id))))
            } else if let before = state.cardProfilesBefore[id] {
                state.cardProfilesBefore[id] = nil
                guard card.activeProfile != before, card.profiles.contains(where: { $0.name == before && $0.isAvailable }) else {
                    continue
                }
                state.cards[id]?.activeProfile = before
                transaction.routingDecisions.append(
                    .setCardProfile(id, profile: before, because: Explanation(rule: "no session needs the headset profile")))
            }
        }
        transaction.cardsDirty = false
    }
}
