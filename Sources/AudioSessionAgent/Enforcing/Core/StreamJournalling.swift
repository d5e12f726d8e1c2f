import AudioPolicy
import Logging
import SoundServer

/// How an enforcer journals its changes, once for both protocols: every change is recorded
/// before it is sent, after where the server saves the stream (``StreamActuator/restoreEntryName(of:)``),
/// since a stream that ends while the agent is gone leaves the next agent only that name to repair.
///
/// ```swift
/// guard record(.silence(ref.serial, by: .pause), of: ref, stream) else { return }  // nothing sent
/// ```
@ServerLoopActor
protocol StreamJournalling: AnyObject {
    /// Says the commands in the server's vocabulary, and where the server saves streams.
    var actuator: any StreamActuator { get }
    /// Where changes are recorded before they are made.
    var journal: Journal { get }
    var logger: Logger { get }
}

extension StreamJournalling {
    /// Journals `entry` (and, first, the stream's restore entry name); `false` when the journal
    /// cannot be written, in which case the change must not be made.
    func record(_ entry: JournalEntry, of ref: ServerStreamRef, _ stream: SoundStream) -> Bool {
        record(entry, of: ref, restoreName: actuator.restoreEntryName(of: stream))
    }

    /// Journals `entry` (and, first, `restoreName`, when the stream has one); `false` when the
    /// journal cannot be written.
    func record(_ entry: JournalEntry, of ref: ServerStreamRef, restoreName: String?) -> Bool {
        do {
            if let restoreName { try journal.record(.restoreEntry(ref.serial, name: restoreName)) }
            try journal.record(entry)
            return true
        } catch {
            logger.error(
                "not changing the stream: the journal cannot be written", metadata: ["stream.id": "\(ref.id)", "journal.error": "\(error)"])
            return false
        }
    }

    /// Forgets a journal entry whose change is undone.
    func clear(_ key: RestoreKey) {
        do { try journal.clear(key) } catch {
            logger.error("the journal cannot be written", metadata: ["journal.key": "\(key)", "journal.error": "\(error)"])
        }
    }

    /// Forgets every journal entry of a stream: all its changes are undone, or nothing can undo
    /// them any more.
    func clearJournal(stream serial: StreamSerial) {
        do { try journal.clear(stream: serial) } catch {
            logger.error("the journal cannot be written", metadata: ["journal.error": "\(error)"])
        }
    }

    /// The journal's pending entries about streams (a previous agent's, or this one's), by stream
    /// in serial order: what recovery and undo-all go through.
    var pendingRestoresByStream: [(serial: StreamSerial, restores: [PendingRestore])] {
        var bySerial: [StreamSerial: [PendingRestore]] = [:]
        for restore in journal.pendingRestores {
            if let serial = restore.key.stream { bySerial[serial, default: []].append(restore) }
        }
        return bySerial.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
