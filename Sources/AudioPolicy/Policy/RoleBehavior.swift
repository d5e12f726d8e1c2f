public import AudioSessionModel

/// How a stream with no session takes part, by its role (`[roles.NAME]` in files).
///
/// ```swift
/// let navigation = RoleBehavior(category: .playback, mode: .voicePrompt, options: [.duckOthers], trigger: true)
/// ```
public struct RoleBehavior: Hashable, Sendable {
    /// The category the stream is treated as having.
    public var category: Category
    /// The mode the stream is treated as having.
    public var mode: Mode
    /// The category options it is treated as having.
    public var options: CategoryOptions
    /// Whether the stream itself acts on others while it sounds, like an implicit session.
    public var trigger: Bool
    /// Whether duck-others may lower it.
    public var duckable: Bool
    /// Whether interruptions and record may silence it.
    public var interruptible: Bool

    /// Creates a role behaviour.
    public init(
        category: Category, mode: Mode = .default, options: CategoryOptions = [],
        trigger: Bool = false, duckable: Bool = true, interruptible: Bool = true
    ) {
        self.category = category
        self.mode = mode
        self.options = options
        self.trigger = trigger
        self.duckable = duckable
        self.interruptible = interruptible
    }

    /// The configuration the stream is treated as having (not validated; the loader validates files).
    public var configuration: SessionConfiguration {
        SessionConfiguration(unchecked: category, mode: mode, options: options)
    }
}
