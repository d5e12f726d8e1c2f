/// A libpipewire call failed, or the PipeWire server reported an error.
///
/// A public struct around a code, so that codes can be added without breaking callers. The
/// description says what failed, why (the errno text or the server's message) and, where there is
/// one, what to do.
///
/// ```swift
/// do {
///     let connection = try await PipeWireConnection.connect(remote: "/run/user/1000/pipewire-0")
///     defer { connection.close() }
/// } catch let error as PipeWireError where error.code == .connectionFailed {
///     print(error)   // "cannot connect to PipeWire at /run/user/1000/pipewire-0: Host is down ..."
/// }
/// ```
public struct PipeWireError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case connectionFailed = "connection failed"
            case callFailed = "call failed"
            case serverError = "server error"
            case noSuchObject = "no such object"
            case invalidArgument = "invalid argument"
            case disconnected = "disconnected"
            case closed = "closed"
            case timedOut = "timed out"
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// No PipeWire server answered at the remote (not running, wrong runtime dir or name).
        public static let connectionFailed = Code(.connectionFailed)
        /// A libpipewire call returned a negative errno.
        public static let callFailed = Code(.callFailed)
        /// The server reported an error (a core `error` event) about an object or a request.
        public static let serverError = Code(.serverError)
        /// The id names no object of the needed kind in the mirror (gone, or never there).
        public static let noSuchObject = Code(.noSuchObject)
        /// The request does not fit the object, e.g. channel volumes for another channel count.
        public static let invalidArgument = Code(.invalidArgument)
        /// The server did not answer a round trip within its deadline: it is alive on the
        /// socket (the connection stands) but stuck, or the machine is starved.
        public static let timedOut = Code(.timedOut)
        /// The connection to the server broke.
        public static let disconnected = Code(.disconnected)
        /// The connection was closed by its owner.
        public static let closed = Code(.closed)

        /// The code in words, e.g. `connection failed`.
        public var description: String { base.rawValue }
    }

    /// What kind of failure this is.
    public var code: Code
    /// The operation that failed, e.g. `pw_context_connect` or `set Props on node 42`.
    public var operation: String
    /// The positive errno value, when the failure carries one.
    public var errno: Int32?
    /// What happened, in words: the errno text, the server's message, or ours.
    public var message: String

    /// Creates an error; the backend creates them, tests may compare against them.
    public init(code: Code, operation: String, errno: Int32? = nil, message: String) {
        self.code = code
        self.operation = operation
        self.errno = errno
        self.message = message
    }

    /// The operation, what happened and the errno, e.g.
    /// `pw_node_set_param: Invalid argument (errno 22)`.
    public var description: String {
        let number = errno.map { " (errno \($0))" } ?? ""
        return "\(operation): \(message)\(number)"
    }
}
