/// Restore-store repairs written lately, by entry, with when: a server saves its restore store a
/// moment after a change (WirePlumber behind PipeWire and pipewire-pulse, module-stream-restore
/// on PulseAudio), and a crash in between loses the change. An agent that loses its server hands
/// such repairs over with the rest (issue 18's soak: on pipewire-pulse, round 156, the
/// Communication role saved muted after the agent's recovery unmuted the held stream and PipeWire
/// restarted at once; natively, round 160, the same before WirePlumber saved the unmute).
///
/// ```swift
/// var recent = RecentRepairs<String, OwedStreamValues>()
/// recent.remember("sink-input-by-media-role:music") { _ in OwedStreamValues(unmute: true) }
/// for (entry, values) in recent.unsaved() { owed[entry, default: OwedStreamValues()].add(values) }
/// ```
struct RecentRepairs<Key: Hashable, Value> {
    /// How long a written repair counts as not yet saved by the server.
    static var window: Duration { .seconds(10) }

    private var entries: [Key: (value: Value, at: ContinuousClock.Instant)] = [:]

    /// Remembers a repair of `key` written at `now`: `update` gets what was remembered for it
    /// (to add to) and gives the repair. Repairs older than ``window`` are forgotten.
    mutating func remember(_ key: Key, at now: ContinuousClock.Instant = .now, _ update: (Value?) -> Value) {
        entries = entries.filter { $0.value.at > now - Self.window }
        entries[key] = (update(entries[key]?.value), now)
    }

    /// The repairs written within ``window`` before `now`.
    func unsaved(at now: ContinuousClock.Instant = .now) -> [(key: Key, value: Value)] {
        entries.compactMap { $0.value.at > now - Self.window ? ($0.key, $0.value.value) : nil }
    }
}
