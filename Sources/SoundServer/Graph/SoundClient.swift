/// A client connection to the sound server (one per application connection).
///
/// ```swift
/// if let pid = client.processID { print("\(client.name) runs as \(pid)") }
/// ```
public struct SoundClient: Hashable, Sendable, Identifiable {
    /// The server's index for the client.
    public var index: UInt32
    /// The client's name (usually its `application.name`).
    public var name: String
    /// Every property the server reports (`application.process.id`, `application.process.binary`, ...).
    public var properties: [String: String]

    /// A client with all its facts.
    public init(index: UInt32, name: String, properties: [String: String] = [:]) {
        self.index = index
        self.name = name
        self.properties = properties
    }

    /// The client's identity in a ``Graph``.
    public var id: GraphObjectID { GraphObjectID(kind: .client, index: index) }

    /// The client's process ID from `application.process.id`, if it reported a valid one.
    public var processID: Int32? { properties["application.process.id"].flatMap { Int32($0) } }
}
