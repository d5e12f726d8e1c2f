/// The repairs of a sound server's saved stream state that an agent still owed when it lost the
/// server, by saved entry, handed to the next agent in the seat (``ServerSeat/handOver(_:)``).
///
/// The server's saved state (PulseAudio's stream-restore database, WirePlumber's restore-stream
/// state) outlives the server process: what the agent's duck or mute left there when the server
/// went away mid-hold is handed to the next stream of the role after the restart. The agent that
/// lost the server cannot repair it any more; the next agent can, on the new server. Both
/// protocols hand over the same shape: the user's values (``OwedStreamValues``) by restore entry,
/// a stream-restore entry's name on the pulse protocol, a WirePlumber key natively.
///
/// ```swift
/// var owed = LostServerRepairs<String, OwedStreamValues>()
/// owed["sink-input-by-media-role:music"] = OwedStreamValues(unmute: true)   // music held muted as the server went
/// seat.handOver(owed)               // leaveAfterLoss
/// let taken = LostServerRepairs<String, OwedStreamValues>.taken(from: seat)   // the next agent's start
/// ```
struct LostServerRepairs<Key: Hashable & Sendable, Repair: Sendable>: Sendable {
    private var repairs: [Key: Repair]

    /// No repair owed.
    init(_ repairs: [Key: Repair] = [:]) {
        self.repairs = repairs
    }

    /// The repair owed to `key`'s entry; setting `nil` marks it done.
    subscript(key: Key) -> Repair? {
        get { repairs[key] }
        set { repairs[key] = newValue }
    }

    /// Whether nothing is owed.
    var isEmpty: Bool { repairs.isEmpty }

    /// The repairs owed, by entry.
    var entries: [Key: Repair] { repairs }

    /// These repairs with `newer` ones added: a later loss knows the entries' values better (an
    /// entry owed since an earlier loss that no stream came for is still owed).
    func merging(_ newer: [Key: Repair]) -> LostServerRepairs {
        LostServerRepairs(repairs.merging(newer) { $1 })
    }

    /// What the previous agent in `seat` handed over, or no repair when it left nothing of this kind.
    static func taken<Agent>(from seat: ServerSeat<Agent>) -> LostServerRepairs {
        LostServerRepairs(handedOver: seat.takeHandedOver())
    }

    /// What the previous agent handed over, when it is repairs of this kind; else none.
    init(handedOver: (any Sendable)?) {
        self = handedOver as? LostServerRepairs ?? LostServerRepairs()
    }
}
