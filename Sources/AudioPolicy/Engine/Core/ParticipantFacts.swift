import AudioSessionModel

/// How a participant takes part under the current policy, derived on demand.
struct ParticipantFacts: Hashable, Sendable {
    var configuration: SessionConfiguration
    var rank: Int
    var rankRule: RankRule?
    var exempt: Bool
    var interruptible: Bool
    var duckable: Bool
    var trigger: Bool

    var isMixable: Bool { configuration.isMixable }
    var isExclusive: Bool { rankRule?.exclusive ?? false }
    var interruptsSpokenAudio: Bool { configuration.options.contains(.interruptSpokenAudioAndMixWithOthers) }
    var ducksOthers: Bool { configuration.options.contains(.duckOthers) }

    /// How explain names the rank: the rule's name or the default.
    var rankName: String { rankRule.map { "rank \($0.name)" } ?? "default rank" }
}
