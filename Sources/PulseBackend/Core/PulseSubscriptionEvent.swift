internal import CPulse
public import SoundServer

/// One raw subscription event: which kind of object, what happened to it, and its index.
/// ``PulseGraphMirror`` turns these into ``SoundServer/GraphEvent``s with the objects' facts.
///
/// ```swift
/// for await event in try await connection.subscribe() where event.change == .removed {
///     print("gone:", event.kind?.rawValue ?? "server", event.index)
/// }
/// ```
public struct PulseSubscriptionEvent: Hashable, Sendable {
    /// What happened.
    public enum Change: Hashable, Sendable {
        /// The object appeared.
        case new
        /// The object changed.
        case changed
        /// The object went away.
        case removed
    }

    /// The object's kind; `nil` for the server itself.
    public var kind: GraphObjectID.Kind?
    /// What happened.
    public var change: Change
    /// The object's index.
    public var index: UInt32

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
