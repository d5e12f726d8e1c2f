/// The entries of one metadata object (`default`, `settings`, `route-settings`, ...).
///
/// ```swift
/// let moves = connection.metadata(named: "default")?.entries.filter { $0.key == "target.object" } ?? []
/// ```
public struct PipeWireMetadata: Sendable, Hashable {
    /// The metadata object's global id.
    public var id: UInt32
    /// Its `metadata.name`.
    public var name: String
    /// Its entries, in the order the server first sent each subject and key.
    public var entries: [Entry]

    /// Creates a metadata value; the mirror builds them from metadata events.
    public init(id: UInt32, name: String, entries: [Entry] = []) {
        self.id = id
        self.name = name
        self.entries = entries
    }

    /// The value of `key` for `subject`, if set.
    public func value(forKey key: String, subject: UInt32 = 0) -> String? {
        entries.first { $0.subject == subject && $0.key == key }?.value
    }

    /// One key of one subject.
    public struct Entry: Sendable, Hashable {
        /// The object the entry is about (a global id; 0 for global settings such as defaults).
        public var subject: UInt32
        /// The key, e.g. `default.audio.sink` or `target.object`.
        public var key: String
        /// The value's type, e.g. `Spa:String:JSON` or `Spa:Id`; nil when untyped.
        public var type: String?
        /// The value as text.
        public var value: String

        /// Creates an entry.
        public init(subject: UInt32, key: String, type: String?, value: String) {
            self.subject = subject
            self.key = key
            self.type = type
            self.value = value
        }
    }
}
