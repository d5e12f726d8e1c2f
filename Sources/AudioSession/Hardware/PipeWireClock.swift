import Logging
import PipeWireBackend
import Synchronization

/// The PipeWire graph clock a session forces while it is active and non-mixable: the
/// `clock.force-rate` and `clock.force-quantum` keys of the `settings` metadata, through the
/// project's one libpipewire binding. The values found before are kept and written back on
/// ``restore()``, so the desktop's clock returns to what it was (or to what the user set since,
/// when the key changed under the session).
final class PipeWireClock: Sendable {
    static let rateKey = "clock.force-rate"
    static let quantumKey = "clock.force-quantum"
    static let metadataName = "settings"

    private struct State {
        var connection: PipeWireConnection?
        /// The keys the session set, each with the value found before and the value it wrote.
        var saved: [String: (previous: String?, written: String)] = [:]
        var isClosed = false
    }

    private let remote: String?
    private let logger: Logger
    private let state = Mutex(State())

    init(remote: String?, logger: Logger) {
        self.remote = remote
        self.logger = logger
    }

    /// The graph's current rate (`clock.rate` of the settings), if connected and known.
    var clockRate: UInt32? {
        let connection = state.withLock { $0.connection }
        return connection?.metadata(named: Self.metadataName)?.value(forKey: "clock.rate").flatMap { UInt32($0) }
    }

    /// The rate and quantum this session forces now, if any.
    var forced: (rate: UInt32?, quantum: UInt32?) {
        state.withLock { state in
            (state.saved[Self.rateKey].flatMap { UInt32($0.written) }, state.saved[Self.quantumKey].flatMap { UInt32($0.written) })
        }
    }

    /// Forces `rate` (when given) and a quantum of `duration` at that rate (or the graph's) (when
    /// given). Returns whether the settings were written.
    @discardableResult
    func force(rate: UInt32?, bufferDuration: Duration?) async -> Bool {
        guard rate != nil || bufferDuration != nil, let connection = await connection() else { return false }
        let graphRate = rate ?? clockRate ?? 48_000
        var wanted: [String: String] = [:]
        if let rate { wanted[Self.rateKey] = String(rate) }
        if let bufferDuration {
            let (seconds, attoseconds) = bufferDuration.components
            let frames = (Double(seconds) + Double(attoseconds) / 1e18) * Double(graphRate)
            wanted[Self.quantumKey] = String(max(1, Int(frames.rounded())))
        }
        let alreadyForced = state.withLock { state in wanted.allSatisfy { state.saved[$0.key]?.written == $0.value } }
        if alreadyForced { return true }
        let current = connection.metadata(named: Self.metadataName)
        do {
            for (key, value) in wanted.sorted(by: { $0.key < $1.key }) {
                let before = current?.value(forKey: key)
                try connection.setMetadataProperty(key, of: 0, type: nil, value: value, in: Self.metadataName)
                state.withLock { state in
                    let previous = state.saved[key]?.previous ?? before
                    state.saved[key] = (previous, value)
                }
            }
            logger.info("forced the PipeWire clock", metadata: ["pipewire.settings": "\(wanted)"])
            return true
        } catch {
            logger.warning("cannot force the PipeWire clock: \(error)")
            return false
        }
    }

    /// Writes back what the session found before it forced the clock; a key someone else changed
    /// since (neither the session's value nor the one before) is left as they set it.
    func restore() {
        let (connection, saved) = state.withLock { state in
            defer { state.saved = [:] }
            return (state.connection, state.saved)
        }
        guard let connection, !saved.isEmpty else { return }
        let current = connection.metadata(named: Self.metadataName)
        for (key, entry) in saved.sorted(by: { $0.key < $1.key }) where [nil, entry.written, entry.previous].contains(current?.value(forKey: key)) {
            do {
                if let previous = entry.previous {
                    try connection.setMetadataProperty(key, of: 0, type: nil, value: previous, in: Self.metadataName)
                } else {
                    try connection.removeMetadataProperty(key, of: 0, in: Self.metadataName)
                }
            } catch {
                logger.warning("cannot restore \(key) of the PipeWire settings: \(error)")
            }
        }
        logger.info("restored the PipeWire clock")
    }

    func close() {
        restore()
        let connection = state.withLock { state in
            defer {
                state.connection = nil
                state.isClosed = true
            }
            return state.connection
        }
        connection?.close()
    }

    private func connection() async -> PipeWireConnection? {
        if let connection = state.withLock({ $0.connection }) { return connection }
        guard !state.withLock({ $0.isClosed }) else { return nil }
        do {
            let connection = try await PipeWireConnection.connect(remote: remote, applicationName: "AudioSession", logger: logger)
            let kept = state.withLock { state -> PipeWireConnection? in
                guard !state.isClosed else { return nil }
                if let existing = state.connection { return existing }
                state.connection = connection
                return connection
            }
            if kept !== connection { connection.close() }
            return kept
        } catch {
            logger.warning("cannot reach PipeWire to force its clock: \(error)")
            return nil
        }
    }
}
