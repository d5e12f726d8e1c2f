import AudioSessionModel
import Testing

/// The validity rules, written out here independently of the model's own tables.
@Suite("Session configuration validity rules")
struct SessionConfigurationValidityTests {
    /// Which categories accept each option (AVAudioSession's rules, adapted to a desktop).
    static let optionCategories: [CategoryOption: Set<Category>] = [
        .mixWithOthers: [.playback, .playAndRecord, .multiRoute],
        .duckOthers: [.playback, .playAndRecord, .multiRoute],
        .interruptSpokenAudioAndMixWithOthers: [.playback, .playAndRecord, .multiRoute],
        .defaultToSpeaker: [.playAndRecord],
        .allowBluetoothHFP: [.record, .playAndRecord],
        .allowBluetoothA2DP: [.playAndRecord],
    ]

    /// Which categories each mode goes with.
    static let modeCategories: [Mode: Set<Category>] = [
        .default: Set(Category.allCases),
        .voiceChat: [.playAndRecord],
        .videoChat: [.playAndRecord],
        .gameChat: [.playAndRecord],
        .videoRecording: [.record, .playAndRecord],
        .measurement: [.record, .playAndRecord, .playback],
        .moviePlayback: [.playback],
        .spokenAudio: [.playback],
        .voicePrompt: [.playback, .playAndRecord],
    ]

    static let optionPairs = CategoryOption.allCases.flatMap { option in Category.allCases.map { (option, $0) } }
    static let modePairs = Mode.allCases.flatMap { mode in Category.allCases.map { (mode, $0) } }

    @Test func everyOptionAndModeHasARule() {
        #expect(Set(Self.optionCategories.keys) == Set(CategoryOption.allCases))
        #expect(Set(Self.modeCategories.keys) == Set(Mode.allCases))
    }

    @Test(arguments: optionPairs)
    func optionIsAcceptedExactlyByItsCategories(_ option: CategoryOption, _ category: Category) {
        let accepted = Self.optionCategories[option]?.contains(category) ?? false
        do {
            let configuration = try SessionConfiguration(category: category, options: option.set)
            #expect(accepted, "\(option.kebabName) with \(category.kebabName) should be refused")
            #expect(configuration.options.contains(option.set))
        } catch {
            #expect(!accepted, "\(option.kebabName) with \(category.kebabName) was refused: \(error)")
            #expect(error.option == option)
            #expect(error.mode == nil)
            #expect(error.category == category)
            // The message names the option, the refused category and every category that would do.
            let message = error.description
            #expect(message.contains(option.kebabName))
            #expect(message.contains(category.kebabName))
            for allowed in Self.optionCategories[option] ?? [] {
                #expect(message.contains(allowed.kebabName), "\(message) does not name \(allowed.kebabName)")
            }
        }
    }

    @Test(arguments: modePairs)
    func modeGoesExactlyWithItsCategories(_ mode: Mode, _ category: Category) {
        let accepted = Self.modeCategories[mode]?.contains(category) ?? false
        do {
            let configuration = try SessionConfiguration(category: category, mode: mode)
            #expect(accepted, "mode \(mode.kebabName) with \(category.kebabName) should be refused")
            #expect(configuration.mode == mode && configuration.category == category)
        } catch {
            #expect(!accepted, "mode \(mode.kebabName) with \(category.kebabName) was refused: \(error)")
            #expect(error.mode == mode)
            #expect(error.option == nil)
            let message = error.description
            #expect(message.contains("mode \(mode.kebabName)"))
            #expect(message.contains(category.kebabName))
            for allowed in Self.modeCategories[mode] ?? [] {
                #expect(message.contains(allowed.kebabName), "\(message) does not name \(allowed.kebabName)")
            }
        }
    }

    @Test func theModeIsCheckedBeforeTheOptions() throws {
        let error = try #require(throws: SessionConfigurationError.self) {
            try SessionConfiguration(category: .record, mode: .spokenAudio, options: [.duckOthers])
        }
        #expect(error.mode == .spokenAudio)
    }

    @Test func mixingOptionsSayWhyTheCategoryCannotMix() throws {
        let solo = try #require(throws: SessionConfigurationError.self) {
            try SessionConfiguration(category: .soloAmbient, options: [.duckOthers])
        }
        #expect(solo.description == "duck-others needs a mixable category: playback, play-and-record or multi-route; solo-ambient never mixes")
        let ambient = try #require(throws: SessionConfigurationError.self) {
            try SessionConfiguration(category: .ambient, options: [.mixWithOthers])
        }
        #expect(ambient.description.hasSuffix("ambient always mixes, so drop the option"))
    }

    @Test func duckingAndInterruptingSpokenAudioImplyMixing() throws {
        for option in [CategoryOptions.duckOthers, .interruptSpokenAudioAndMixWithOthers] {
            let configuration = try SessionConfiguration(category: .playback, options: option)
            #expect(configuration.options == option.union(.mixWithOthers))
            #expect(configuration.isMixable)
        }
    }

    @Test func onlyAmbientAndMixWithOthersMix() throws {
        for category in Category.allCases {
            let plain = try SessionConfiguration(category: category)
            #expect(plain.isMixable == (category == .ambient), "\(category.kebabName)")
        }
        #expect(try SessionConfiguration(category: .playAndRecord, options: [.mixWithOthers]).isMixable)
        #expect(try SessionConfiguration(category: .playAndRecord, options: [.defaultToSpeaker]).isMixable == false)
    }

    @Test func aSessionThatDeclaredNothingIsSoloAmbient() {
        #expect(SessionConfiguration.initial.category == .soloAmbient)
        #expect(SessionConfiguration.initial.mode == .default)
        #expect(SessionConfiguration.initial.options.isEmpty)
    }

    @Test func uncheckedConfigurationsAreValidatedOnRequest() {
        let unchecked = SessionConfiguration(unchecked: .ambient, mode: .voiceChat)
        #expect(throws: SessionConfigurationError.self) { try unchecked.validate() }
        #expect(throws: Never.self) { try SessionConfiguration(unchecked: .playAndRecord, mode: .voiceChat).validate() }
    }
}
