import Logging

/// Discards the journals of server instances that no longer exist, so `$XDG_RUNTIME_DIR` does not
/// keep them forever: their streams went with their server, and nothing in them can be undone.
///
/// The rule (docs/agent-pulse.md, *Stale journals*): a journal whose header records the address
/// its server listened at is stale when nothing listens there any more (the connection is
/// refused), or when the server listening there is another instance (its cookie differs). The
/// journal of the instance the agent serves, journals without an address (written before
/// addresses were recorded), journals of servers that answer as the same instance, and journals
/// whose server cannot be asked for another reason (a timeout, a refusal to talk) are kept.
/// A journal another agent holds is never removed.
///
/// ```swift
/// await StaleJournalSweep(directory: directory, logger: logger)
///     .run(current: info.instance.rawValue, address: "unix:/run/user/1000/pulse/native")
/// ```
struct StaleJournalSweep {
    let directory: JournalDirectory
    let logger: Logger
    var probe: any ServerInstanceProbe = PulseServerInstanceProbe()

    /// Checks every journal but `current`'s; `address` is where `current` listens (a journal of
    /// another instance at the same address is stale without asking).
    func run(current: String, address: String?) async {
        let recorded: [JournalDirectory.RecordedServer]
        do {
            recorded = try directory.recordedServers()
        } catch {
            logger.warning("the journal directory could not be listed", metadata: ["journal.problem": "\(error)"])
            return
        }
        for server in recorded where server.instance != current {
            guard let recordedAddress = server.address else { continue }
            let verdict: ServerInstanceVerdict =
                recordedAddress == address
                ? .gone("\(recordedAddress) is served by instance \(current) now")
                : await probe.verdict(on: recordedAddress, for: server.instance)
            guard case .gone(let why) = verdict else {
                logger.debug(
                    "kept the journal of another server instance",
                    metadata: ["server.instance": "\(server.instance)", "server.address": "\(recordedAddress)"])
                continue
            }
            do {
                try directory.discard(serverInstance: server.instance)
                logger.info(
                    "discarded the journal of a server instance that no longer exists",
                    metadata: ["server.instance": "\(server.instance)", "server.address": "\(recordedAddress)", "journal.reason": "\(why)"])
            } catch {
                logger.warning(
                    "a stale journal could not be discarded",
                    metadata: ["server.instance": "\(server.instance)", "journal.problem": "\(error)"])
            }
        }
    }
}
