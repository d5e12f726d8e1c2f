/// One metadata property set or removed.
///
/// ```swift
/// if case .metadataChanged(let change) = event, change.metadataName == "default",
///     change.key == "default.audio.sink" {
///     print("default sink is now", change.value ?? "unset")
/// }
/// ```
public struct PipeWireMetadataChange: Sendable, Hashable {
    /// The global id of the metadata object.
    public var metadataID: UInt32
    /// Its `metadata.name` (`default`, `route-settings`, ...).
    public var metadataName: String
    /// The object the property is about (0 for global settings).
    public var subject: UInt32
    /// The key; nil when every key of ``subject`` was removed at once.
    public var key: String?
    /// The value's type, if any.
    public var type: String?
    /// The new value; nil when the key was removed.
    public var value: String?

    /// Creates a change; the mirror builds them from metadata events.
    public init(metadataID: UInt32, metadataName: String, subject: UInt32, key: String?, type: String?, value: String?) {
        self.metadataID = metadataID
        self.metadataName = metadataName
        self.subject = subject
        self.key = key
        self.type = type
        self.value = value
    }
}
