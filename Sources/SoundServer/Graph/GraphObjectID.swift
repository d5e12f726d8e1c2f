/// Names one object of a ``Graph``: its kind and the server's index for it.
///
/// ```swift
/// let id = GraphObjectID(kind: .sinkInput, index: 42)
/// ```
public struct GraphObjectID: Hashable, Sendable, CustomStringConvertible {
    /// The kinds of object a graph holds.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A playback device.
        case sink
        /// A capture device.
        case source
        /// A playback stream.
        case sinkInput = "sink-input"
        /// A capture stream.
        case sourceOutput = "source-output"
        /// A client connection.
        case client
        /// A server module.
        case module
    }

    /// What kind of object.
    public var kind: Kind
    /// The server's index for it (per kind).
    public var index: UInt32

    /// Names an object.
    public init(kind: Kind, index: UInt32) {
        self.kind = kind
        self.index = index
    }

    public var description: String { "\(kind.rawValue) #\(index)" }
}
