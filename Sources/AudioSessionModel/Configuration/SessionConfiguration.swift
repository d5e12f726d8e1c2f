/// A session's declared category, mode and options, checked against the validity rules.
///
/// The throwing initialiser refuses combinations that make no sense (AVAudioSession's rules,
/// adapted to a desktop) with a ``SessionConfigurationError`` that names the rule. Options that
/// imply others are normalised: ``CategoryOptions/duckOthers`` and
/// ``CategoryOptions/interruptSpokenAudioAndMixWithOthers`` add ``CategoryOptions/mixWithOthers``.
///
/// ```swift
/// let navigation = try SessionConfiguration(category: .playback, mode: .voicePrompt, options: [.duckOthers])
/// navigation.options.contains(.mixWithOthers)  // true
/// navigation.isMixable                          // true
///
/// try SessionConfiguration(category: .soloAmbient, options: [.duckOthers])
/// // throws: duck-others needs a mixable category: playback, play-and-record or multi-route; ...
/// ```
///
/// Rules:
/// - mix-with-others: playback, play-and-record, multi-route (ambient always mixes; solo-ambient,
///   record never mix).
/// - duck-others, interrupt-spoken-audio-and-mix-with-others: the same categories; imply mix-with-others.
/// - default-to-speaker: play-and-record.
/// - allow-bluetooth-hfp: record, play-and-record.
/// - allow-bluetooth-a2dp: play-and-record only. It is refused elsewhere because playback, ambient
///   and solo-ambient output reaches A2DP devices anyway, so the option would do nothing.
/// - Modes: voice-chat, video-chat, game-chat: play-and-record; video-recording: record,
///   play-and-record; measurement: record, play-and-record, playback; movie-playback,
///   spoken-audio: playback; voice-prompt: playback, play-and-record; default: every category.
public struct SessionConfiguration: Hashable, Sendable {
    /// What the app does with audio.
    public let category: Category
    /// The specialisation of the category.
    public let mode: Mode
    /// The declared options, normalised (implied options added).
    public let options: CategoryOptions

    /// The configuration of a session that declared nothing: solo-ambient, default mode, no options.
    public static let initial = SessionConfiguration(unchecked: .soloAmbient, mode: .default, options: [])

    /// Creates a configuration, or throws the first rule it breaks.
    public init(category: Category, mode: Mode = .default, options: CategoryOptions = []) throws(SessionConfigurationError) {
        self.init(unchecked: category, mode: mode, options: options)
        try validate()
    }

    /// Creates a configuration without checking it; ``validate()`` says whether it is valid.
    ///
    /// Policy role tables use this for the behaviour they assign to streams; the loader validates them.
    public init(unchecked category: Category, mode: Mode = .default, options: CategoryOptions = []) {
        self.category = category
        self.mode = mode
        self.options = Self.normalised(options)
    }

    /// Whether this session mixes with others instead of interrupting them.
    ///
    /// Ambient always mixes; any other category mixes only with mix-with-others (or an option that implies it).
    public var isMixable: Bool {
        category == .ambient || options.contains(.mixWithOthers)
    }

    /// Throws the first validity rule the configuration breaks: the mode first, then options in declaration
    /// order, mix-with-others last (it may only be implied by duck-others or interrupt-spoken-audio).
    public func validate() throws(SessionConfigurationError) {
        if !Self.categories(allowing: mode).contains(category) {
            throw SessionConfigurationError(.modeNeedsCategory(mode, category))
        }
        // mix-with-others last: when duck-others implied it, the message must name what the app declared.
        let ordered = options.members.filter { $0 != .mixWithOthers } + options.members.filter { $0 == .mixWithOthers }
        for option in ordered where !Self.categories(allowing: option).contains(category) {
            throw SessionConfigurationError(.optionNeedsCategory(option, category))
        }
    }

    /// The categories a mode may be used with.
    public static func categories(allowing mode: Mode) -> [Category] {
        switch mode {
        case .default: Category.allCases
        case .voiceChat, .videoChat, .gameChat: [.playAndRecord]
        case .videoRecording: [.record, .playAndRecord]
        case .measurement: [.record, .playAndRecord, .playback]
        case .moviePlayback, .spokenAudio: [.playback]
        case .voicePrompt: [.playback, .playAndRecord]
        }
    }

    /// The categories an option may be used with.
    public static func categories(allowing option: CategoryOption) -> [Category] {
        switch option {
        case .mixWithOthers, .duckOthers, .interruptSpokenAudioAndMixWithOthers: [.playback, .playAndRecord, .multiRoute]
        case .defaultToSpeaker, .allowBluetoothA2DP: [.playAndRecord]
        case .allowBluetoothHFP: [.record, .playAndRecord]
        }
    }

    private static func normalised(_ options: CategoryOptions) -> CategoryOptions {
        var options = options
        if !options.isDisjoint(with: [.duckOthers, .interruptSpokenAudioAndMixWithOthers]) {
            options.insert(.mixWithOthers)
        }
        return options
    }
}
