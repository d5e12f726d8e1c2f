import Logging
import PipeWireBackend

/// The PipeWire graph clock the agent forces for a session's hardware preferences: the
/// `clock.force-rate` and `clock.force-quantum` keys of the `settings` metadata, written over a
/// native connection of its own (on pipewire-pulse too, whose clock is PipeWire's).
///
/// Every write is journalled first, with the value found before, in a journal of its own in the
/// agent's journal directory (instance `pipewire-settings:REMOTE`): when the preference no longer
/// holds the values found are written back, and a crashed agent's are written back by the next
/// agent at its start. A key someone else changed since (neither the agent's value nor the one
/// before) is left as they set it. The journal file is removed once nothing is pending.
///
/// ```swift
/// let clock = PipeWireSettingsClock(remote: nil, journalDirectory: directory, logger: logger)
/// await clock.apply(HardwarePreference(sampleRate: 44_100, ioBufferDuration: 0.01))   // forced
/// await clock.apply(nil)                                                              // written back
/// ```
actor PipeWireSettingsClock {
    static let metadataName = "settings"
    static let rateKey = "clock.force-rate"
    static let quantumKey = "clock.force-quantum"
    /// How long each round trip to PipeWire may take before the clock counts it unreachable: a
    /// server that keeps its socket but stopped answering must not hold a session's preference
    /// call, or the agent's stop, for good. As long as the native agent's bound on its undo.
    static let answerLimit = Duration.seconds(5)

    private let remote: String?
    private let journalDirectory: JournalDirectory
    private let logger: Logger
    private var connection: PipeWireConnection?
    private var journal: Journal?
    private var isStopped = false

    init(remote: String?, journalDirectory: JournalDirectory, logger: Logger) {
        self.remote = remote
        self.journalDirectory = journalDirectory
        self.logger = logger
    }

    /// The journal's instance name.
    var instance: String { "pipewire-settings:" + (remote ?? "default") }

    /// Writes back what a previous agent forced and did not write back (it crashed), if its
    /// journal is there.
    func repairLeftovers() async {
        let recorded = (try? journalDirectory.recordedServers()) ?? []
        guard recorded.contains(where: { $0.instance == instance }), openJournal() != nil else { return }
        guard let journal, !journal.pendingRestores.isEmpty else {
            discardJournalIfDone()
            return
        }
        logger.info("writing back the PipeWire clock a previous agent forced", metadata: ["journal.pending": "\(journal.pendingRestores.count)"])
        await restore(keeping: [])
    }

    /// Forces the graph clock to `preference` (`nil`: forces nothing and writes back what was
    /// found). Returns whether the preference is in force on the server.
    @discardableResult
    func apply(_ preference: HardwarePreference?) async -> Bool {
        guard !isStopped else { return false }
        guard let preference, !preference.isEmpty else {
            await restore(keeping: [])
            return false
        }
        guard let connection = await liveConnection(), openJournal() != nil else { return false }
        let readings = ClockReadings(settings: Self.settings(of: connection))
        var wanted: [String: String] = [:]
        if let rate = preference.sampleRate { wanted[Self.rateKey] = String(rate) }
        if let seconds = preference.ioBufferDuration {
            wanted[Self.quantumKey] = String(readings.quantum(lasting: seconds, at: preference.sampleRate))
        }
        await restore(keeping: Set(wanted.keys))
        let current = Self.settings(of: connection)
        var forced = true
        for (key, value) in wanted.sorted(by: { $0.key < $1.key }) where current[key] != value {
            do {
                try journal?.record(.clockSetting(key: key, previous: current[key], written: value))
                try connection.setMetadataProperty(key, of: 0, type: nil, value: value, in: Self.metadataName)
            } catch {
                logger.warning("cannot force the PipeWire clock", metadata: ["pipewire.setting": "\(key)", "error": "\(error)"])
                forced = false
            }
        }
        if forced { logger.info("forced the PipeWire clock for a session's preference", metadata: ["pipewire.settings": "\(wanted)"]) }
        return forced
    }

    /// The settings now, or `nil` when PipeWire cannot be reached.
    func readings() async -> ClockReadings? {
        guard let connection = await liveConnection() else { return nil }
        return ClockReadings(settings: Self.settings(of: connection))
    }

    /// Writes back everything forced and closes the connection; later calls do nothing.
    func stop() async {
        await restore(keeping: [])
        isStopped = true
        journal?.close()
        journal = nil
        connection?.close()
        connection = nil
    }

    /// Writes back the journalled keys not in `kept`, each only while it holds the agent's value
    /// (or nothing, or what it held before), and clears them from the journal.
    private func restore(keeping kept: Set<String>) async {
        guard let journal else { return }
        let owed = journal.pendingRestores.compactMap { restore -> (String, String?, String)? in
            guard case .clockSetting(let key, let previous, let written) = restore, !kept.contains(key) else { return nil }
            return (key, previous, written)
        }
        guard !owed.isEmpty else { return }
        guard let connection = await liveConnection() else {
            logger.warning("cannot reach PipeWire to write its clock back; the journal keeps it for later")
            return
        }
        let current = Self.settings(of: connection)
        for (key, previous, written) in owed {
            do {
                if [nil, written, previous].contains(current[key]) {
                    if let previous {
                        try connection.setMetadataProperty(key, of: 0, type: nil, value: previous, in: Self.metadataName)
                    } else {
                        try connection.removeMetadataProperty(key, of: 0, in: Self.metadataName)
                    }
                }
                try journal.clear(.clockSetting(key: key))
            } catch {
                logger.warning("cannot write the PipeWire clock back", metadata: ["pipewire.setting": "\(key)", "error": "\(error)"])
            }
        }
        logger.info("wrote the PipeWire clock back", metadata: ["pipewire.settings": "\(owed.map(\.0))"])
        discardJournalIfDone()
    }

    /// Removes the journal file once nothing is pending, so the directory holds only what is owed.
    private func discardJournalIfDone() {
        guard let journal, journal.pendingRestores.isEmpty else { return }
        journal.close()
        self.journal = nil
        try? journalDirectory.discard(serverInstance: instance)
    }

    private func openJournal() -> Journal? {
        if let journal { return journal }
        do {
            journal = try Journal.open(serverInstance: instance, in: journalDirectory)
        } catch {
            logger.error("the PipeWire clock's journal cannot be opened; the clock is not forced", metadata: ["journal.error": "\(error)"])
        }
        return journal
    }

    /// The connection, checked by a round trip; made again when PipeWire restarted. `nil` when
    /// PipeWire cannot be reached or does not answer within ``answerLimit`` (each round trip).
    private func liveConnection() async -> PipeWireConnection? {
        if let connection {
            do {
                try await connection.sync(timeout: Self.answerLimit)
                return connection
            } catch {
                connection.close()
                self.connection = nil
            }
        }
        do {
            let made = try await PipeWireConnection.connect(
                remote: remote, applicationName: "audiosessiond clock", logger: logger, connectTimeout: Self.answerLimit)
            connection = made
            return made
        } catch {
            logger.warning("cannot reach PipeWire for its clock", metadata: ["error": "\(error)"])
            return nil
        }
    }

    private static func settings(of connection: PipeWireConnection) -> [String: String] {
        var values: [String: String] = [:]
        for entry in connection.metadata(named: metadataName)?.entries ?? [] where entry.subject == 0 {
            values[entry.key] = entry.value
        }
        return values
    }
}
