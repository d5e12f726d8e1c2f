internal import CPulse
import SoundServer

/// One raw subscription event: which kind of object, what happened to it, and its index.
struct PulseSubscriptionEvent: Hashable, Sendable {
    /// What happened.
    enum Change: Hashable, Sendable { case new, changed, removed }

    /// The object's kind; `nil` for the server itself.
    var kind: GraphObjectID.Kind?
    /// What happened.
    var change: Change
    /// The object's index.
    var index: UInt32

    /// Decodes libpulse's event type; `nil` for facilities the graph does not mirror (cards,
    /// sample cache).
    init?(_ type: pa_subscription_event_type_t, index: UInt32) {
        let facility = type.rawValue & PA_SUBSCRIPTION_EVENT_FACILITY_MASK.rawValue
        switch facility {
        case PA_SUBSCRIPTION_EVENT_SINK.rawValue: kind = .sink
        case PA_SUBSCRIPTION_EVENT_SOURCE.rawValue: kind = .source
        case PA_SUBSCRIPTION_EVENT_SINK_INPUT.rawValue: kind = .sinkInput
        case PA_SUBSCRIPTION_EVENT_SOURCE_OUTPUT.rawValue: kind = .sourceOutput
        case PA_SUBSCRIPTION_EVENT_CLIENT.rawValue: kind = .client
        case PA_SUBSCRIPTION_EVENT_MODULE.rawValue: kind = .module
        case PA_SUBSCRIPTION_EVENT_SERVER.rawValue: kind = nil
        default: return nil
        }
        switch type.rawValue & PA_SUBSCRIPTION_EVENT_TYPE_MASK.rawValue {
        case PA_SUBSCRIPTION_EVENT_NEW.rawValue: change = .new
        case PA_SUBSCRIPTION_EVENT_REMOVE.rawValue: change = .removed
        default: change = .changed
        }
        self.index = index
    }
}
