public import AudioSessionModel

extension SessionConfiguration {
    /// Reads a configuration as `SetConfiguration` carries it: kebab-case names, checked in order
    /// (category, mode, options), then the model's validity rules.
    ///
    /// An unknown name is refused with every accepted spelling of its kind; a valid name in a
    /// combination that breaks a rule is refused with the rule.
    ///
    /// ```swift
    /// try SessionConfiguration(wireCategory: "playback", mode: "voice-prompt", options: ["duck-others"])
    /// try SessionConfiguration(wireCategory: "loud", mode: "default", options: [])
    /// // throws: unknown category "loud"; accepted: ambient, solo-ambient, playback, record, play-and-record, multi-route
    /// ```
    public init(wireCategory categoryName: String, mode modeName: String, options optionNames: [String])
        throws(SessionRegistryError)
    {
        let category: Category
        let mode: Mode
        let declared: [CategoryOption]
        do throws(UnknownNameError) {
            category = try Category.parse(kebabName: categoryName)
            mode = try Mode.parse(kebabName: modeName)
            declared = try optionNames.map { name throws(UnknownNameError) in try CategoryOption.parse(kebabName: name) }
        } catch {
            throw .unknownName(error)
        }
        do {
            try self.init(category: category, mode: mode, options: CategoryOptions(declared))
        } catch {
            throw .invalidConfiguration(error)
        }
    }
}
