internal import CPulse

/// A raw card subscription event: a card appeared, changed (its active profile, availability) or
/// went away. ``PulseCardMirror`` turns these into ``PulseCardEvent``s with the card's facts.
struct PulseCardChange: Hashable, Sendable {
    var change: PulseSubscriptionEvent.Change
    var index: UInt32

    /// Decodes libpulse's event type; `nil` for every facility but cards.
    init?(_ type: pa_subscription_event_type_t, index: UInt32) {
        guard type.rawValue & PA_SUBSCRIPTION_EVENT_FACILITY_MASK.rawValue == PA_SUBSCRIPTION_EVENT_CARD.rawValue else {
            return nil
        }
        switch type.rawValue & PA_SUBSCRIPTION_EVENT_TYPE_MASK.rawValue {
        case PA_SUBSCRIPTION_EVENT_NEW.rawValue: change = .new
        case PA_SUBSCRIPTION_EVENT_REMOVE.rawValue: change = .removed
        default: change = .changed
        }
        self.index = index
    }
}
