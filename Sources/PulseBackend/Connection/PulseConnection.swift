internal import CPulse
public import Logging
import SoundServer

/// A connection to a PulseAudio server (or pipewire-pulse): the project's only libpulse binding.
///
/// The connection owns a `pa_threaded_mainloop` and a `pa_context`. It never autospawns a
/// server. Every call is asynchronous and reports failures as ``PulseError``; libpulse objects
/// are touched only on the loop thread or with the loop locked.
///
/// ```swift
/// let connection = try await PulseConnection.connect(properties: ["application.name": "audiosessiond"])
/// defer { connection.disconnect() }
/// let info = try await connection.serverInfo()
/// print(info.name, info.defaultSinkName ?? "no default sink")
/// ```
public final class PulseConnection: Sendable {
    let core: PulseCore
    /// Where the connection and its mirrors report what they cannot return as an error.
    let logger: Logger

    private init(core: PulseCore, logger: Logger) {
        self.core = core
        self.logger = logger
    }

    /// Connects to a server and returns once the connection is ready.
    ///
    /// - Parameters:
    ///   - server: The server address (`unix:/run/user/1000/pulse/native`, `tcp:host`); `nil`
    ///     means libpulse's default: `PULSE_SERVER`, then client.conf, then the user's socket.
    ///   - properties: Client properties such as `application.name`, `application.id`,
    ///     `application.process.id` (libpulse fills the process facts it knows itself).
    ///   - logger: Receives what cannot be returned as an error (a lost connection, a failed
    ///     refresh of a mirrored object), with `pulse.server` metadata.
    /// - Throws: ``PulseError`` with ``PulseError/Code/connectionRefused`` when no server listens
    ///   (libpulse 16 reports an unusable address the same way).
    ///
    /// The corresponding PulseAudio calls are `pa_context_new_with_proplist` and `pa_context_connect`
    /// (with `PA_CONTEXT_NOAUTOSPAWN`).
    public static func connect(
        server: String? = nil, properties: [String: String] = ["application.name": "AudioSession"],
        logger: Logger = Logger(label: "audiosession.pulse")
    ) async throws(PulseError) -> PulseConnection {
        var logger = logger
        logger[metadataKey: "pulse.server"] = "\(server ?? "default")"
        let core = try PulseCore(properties: properties)
        do throws(PulseError) {
            try await core.connect(server: server)
        } catch {
            logger.debug("connecting failed", metadata: ["pulse.error": "\(error)"])
            throw error
        }
        logger.debug("connected")
        return PulseConnection(core: core, logger: logger)
    }

    /// Whether the connection is up: `false` after ``disconnect()`` or when the server went away.
    public var isConnected: Bool { core.isConnected }

    /// The address libpulse reached the server at (`unix:/run/user/1000/pulse/native`), so that
    /// the same server can be found again; `nil` once the connection is closed.
    ///
    /// The corresponding PulseAudio call is `pa_context_get_server`.
    public var serverAddress: String? {
        core.withLoopLocked { access -> String? in
            guard let context = access.context, let server = pa_context_get_server(context) else { return nil }
            let address = String(cString: server)
            // libpulse names a local socket by its path alone; PULSE_SERVER wants the prefix.
            return address.hasPrefix("/") ? "unix:" + address : address
        }
    }

    /// Closes the connection and stops its loop thread; pending calls fail with
    /// ``PulseError/Code/connectionTerminated``. Safe to call more than once. Call it from outside
    /// the loop thread (not from a mirror's handler), so the thread can be joined.
    public func disconnect() { core.close() }

    deinit { core.close() }
}

extension PulseConnection {
    /// Starts one request with the loop locked; `completion` runs on the loop thread.
    func request<Item>(
        _ name: StaticString, _ completion: @escaping (Result<[Item], PulseError>) -> Void,
        _ call: (OpaquePointer, UnsafeMutableRawPointer) -> OpaquePointer?
    ) {
        core.withLoopLocked { loop in loop.start(name, ListOperation<Item>(completion), call) }
    }

    /// Starts one request answered by a single value, with the loop locked.
    func request<Value>(
        _ name: StaticString, _ completion: @escaping (Result<Value, PulseError>) -> Void,
        _ call: (OpaquePointer, UnsafeMutableRawPointer) -> OpaquePointer?
    ) {
        core.withLoopLocked { loop in loop.start(name, ValueOperation<Value>(completion), call) }
    }

    /// Waits for a request started by `start`, which hands its completion to the loop thread.
    func awaiting<Value: Sendable>(
        _ start: (@escaping @Sendable (Result<Value, PulseError>) -> Void) -> Void
    ) async throws(PulseError) -> Value {
        let result: Result<Value, PulseError> = await withCheckedContinuation { continuation in
            start { continuation.resume(returning: $0) }
        }
        return try result.get()
    }
}
