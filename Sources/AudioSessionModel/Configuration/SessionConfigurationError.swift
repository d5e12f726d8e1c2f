/// A category, mode and option combination that ``SessionConfiguration`` refuses.
///
/// The message names the rule that was broken and what would be accepted, for example
/// `duck-others needs a mixable category: playback, play-and-record or multi-route; solo-ambient never mixes`.
/// New rules can be added without breaking callers: the cases are private.
public struct SessionConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    enum Code: Hashable, Sendable {
        case modeNeedsCategory(Mode, Category)
        case optionNeedsCategory(CategoryOption, Category)
    }

    let code: Code

    init(_ code: Code) { self.code = code }

    /// The option that broke a rule, if an option did.
    public var option: CategoryOption? {
        if case .optionNeedsCategory(let option, _) = code { return option }
        return nil
    }

    /// The mode that broke a rule, if the mode did.
    public var mode: Mode? {
        if case .modeNeedsCategory(let mode, _) = code { return mode }
        return nil
    }

    /// The category the configuration declared.
    public var category: Category {
        switch code {
        case .modeNeedsCategory(_, let category), .optionNeedsCategory(_, let category): category
        }
    }

    /// Says which rule was broken, which categories would be accepted and why this one is not.
    public var description: String {
        switch code {
        case .modeNeedsCategory(let mode, let category):
            let allowed = SessionConfiguration.categories(allowing: mode)
            return "mode \(mode.kebabName) needs category \(Self.list(allowed)); \(category.kebabName) does not support it"
        case .optionNeedsCategory(let option, let category):
            let allowed = Self.list(SessionConfiguration.categories(allowing: option))
            switch option {
            case .mixWithOthers, .duckOthers, .interruptSpokenAudioAndMixWithOthers:
                let why = category == .ambient
                    ? "ambient always mixes, so drop the option"
                    : "\(category.kebabName) never mixes"
                return "\(option.kebabName) needs a mixable category: \(allowed); \(why)"
            case .allowBluetoothA2DP:
                return "\(option.kebabName) needs category \(allowed); \(category.kebabName) reaches A2DP devices without it or never plays, so drop the option"
            case .allowBluetoothHFP, .defaultToSpeaker:
                return "\(option.kebabName) needs category \(allowed); \(category.kebabName) does not use it"
            }
        }
    }

    private static func list(_ categories: [Category]) -> String {
        let names = categories.map(\.kebabName)
        guard names.count > 1, let last = names.last else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }
}
