/// A module loaded into the sound server (PulseAudio modules; pipewire-pulse emulates some).
///
/// ```swift
/// let corks = graph.modules.values.contains { $0.name == "module-role-cork" }
/// ```
public struct SoundModule: Hashable, Sendable, Identifiable {
    /// The server's index for the module.
    public var index: UInt32
    /// The module's name (`module-null-sink`).
    public var name: String
    /// The argument it was loaded with; empty when none.
    public var argument: String

    /// A module with all its facts.
    public init(index: UInt32, name: String, argument: String = "") {
        self.index = index
        self.name = name
        self.argument = argument
    }

    /// The module's identity in a ``Graph``.
    public var id: GraphObjectID { GraphObjectID(kind: .module, index: index) }
}
