import Synchronization
extension AudioSession {
    /// Declares what the session's audio is.
    ///
    /// The combination is checked here, at once, with the model's validity rules; a broken rule
    /// throws ``AudioSessionError/Code/invalidConfiguration`` naming it, and the session keeps
    /// its previous configuration. A valid one is sent to the agent (when it runs) in the
    /// background, before any later activation; reconfiguring an active session applies at once
    /// there (turning `duck-others` on starts ducking). The agent's refusal, if any, arrives on
    /// ``agentRefusals`` as ``AgentRefusal/Request/configuration``.
    ///
    /// ```swift
    /// try session.setCategory(.playback, mode: .spokenAudio, options: [.duckOthers])
    /// // throws: "duck-others needs a mixable category: playback, play-and-record or multi-route; ..."
    /// try session.setCategory(.soloAmbient, options: [.duckOthers])
    /// ```
    ///
    /// A category or mode this version of the library does not know (``ExtensibleName/known`` is
    /// `nil`) throws ``AudioSessionError/Code/invalidConfiguration`` listing the known ones: the
    /// validity rules cannot judge it.
    public func setCategory(_ category: Category, mode: Mode = .default, options: CategoryOptions = []) throws {
        let known: (Category.Known, Mode.Known)
        do {
            known = (try Category.Known.parse(kebabName: category.rawValue), try Mode.Known.parse(kebabName: mode.rawValue))
        } catch {
            throw AudioSessionError(.invalidConfiguration, "\(error)")
        }
        let configuration: SessionConfiguration
        do {
            configuration = try SessionConfiguration(category: known.0, mode: known.1, options: options)
        } catch {
            throw AudioSessionError.invalidConfiguration(error)
        }
        core.state.withLock { $0.configuration = configuration }
        core.send(.pushConfiguration)
    }

    /// Sets only the mode, keeping the category and options.
    ///
    /// ```swift
    /// try session.setMode(.moviePlayback)
    /// ```
    public func setMode(_ mode: Mode) throws {
        try setCategory(category, mode: mode, options: categoryOptions)
    }

    /// The category (initially `Category.soloAmbient`).
    ///
    /// ```swift
    /// if session.category == .playback { ... }
    /// ```
    public var category: Category { Category(core.state.withLock { $0.configuration.category }) }

    /// The mode (initially `Mode.default`).
    ///
    /// ```swift
    /// let isCall = session.mode == .voiceChat
    /// ```
    public var mode: Mode { Mode(core.state.withLock { $0.configuration.mode }) }

    /// The options, implied ones included (`duck-others` implies `mix-with-others`).
    ///
    /// ```swift
    /// let mixes = session.categoryOptions.contains(.mixWithOthers)
    /// ```
    public var categoryOptions: CategoryOptions { core.state.withLock { $0.configuration.options } }
}
