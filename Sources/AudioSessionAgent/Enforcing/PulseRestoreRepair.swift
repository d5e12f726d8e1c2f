import AudioSessionContract
import Logging
import PulseBackend
import SoundServer

/// One repair of a restore-database entry: read the database, change the entry's volume, mute
/// state and (when the agent moved the stream) device to the user's, write it back.
///
/// Through pipewire-pulse the read returns nothing of WirePlumber's, so the entry is written
/// fresh; pipewire-pulse turns it into a route-settings entry that corrects WirePlumber's saved
/// levels (a device in it is ignored there: see docs/server-facts.md). WirePlumber hears of an
/// entry only when its value changes, and it can save the node's state (the agent's mute) after
/// a first correction; the same correction written again at the stream's end then changed nothing
/// (seen: music muted for good after a call, 2 runs of 9). So, when `announced`, the entry is first
/// written with the mute state alone, which makes the full entry right after it a change.
struct PulseRestoreRepair: Sendable {
    var name: String
    var channelMap: ChannelMap
    var volume: ChannelVolumes?
    var isMuted: Bool?
    var deviceName: String?

    func write(
        on connection: PulseConnection, logger: Logger, announced: Bool = false, then done: @escaping @ServerLoopActor @Sendable (Bool) -> Void
    ) {
        connection.readStreamRestoreEntries { result in
            ServerLoopActor.assumeIsolated { writeRead(result, on: connection, logger: logger, announced: announced, then: done) }
        }
    }

    /// The rest of ``write(on:logger:announced:then:)``, once the database was read.
    @ServerLoopActor
    private func writeRead(
        _ result: Result<[StreamRestoreEntry], PulseError>, on connection: PulseConnection, logger: Logger, announced: Bool,
        then done: @escaping @ServerLoopActor @Sendable (Bool) -> Void
    ) {
        let entries: [StreamRestoreEntry]
        switch result {
        case .success(let read):
            entries = read
        case .failure(let error) where error.code == .noExtension:
            done(true)  // no restore database on this server: nothing can keep the agent's values
            return
        case .failure(let error):
            logger.warning("cannot read the restore database", metadata: ["restore.entry": "\(UntrustedText.excerpt(name))", "pulse.error": "\(error)"])
            done(false)
            return
        }
        write(over: entries.first { $0.name == name }, on: connection, logger: logger, announced: announced, then: done)
    }

    /// Writes `existing` (or a new entry) with this repair's values, without reading the database
    /// first: for a caller that has just read it.
    @ServerLoopActor
    func write(
        over existing: StreamRestoreEntry?, on connection: PulseConnection, logger: Logger, announced: Bool = false,
        then done: @escaping @ServerLoopActor @Sendable (Bool) -> Void
    ) {
        let entry = updated(existing)
        if announced {
            // Commands on one connection apply in order: the full entry lands after this one.
            let muteOnly = StreamRestoreEntry(name: name, channelMap: ChannelMap([]), volume: nil, isMuted: entry.isMuted)
            connection.submitStreamRestoreWrite([muteOnly], mode: .replace) { _ in }
        }
        connection.submitStreamRestoreWrite([entry], mode: .replace) { result in
            if case .failure(let error) = result {
                logger.warning("cannot repair the restore database", metadata: ["restore.entry": "\(UntrustedText.excerpt(name))", "pulse.error": "\(error)"])
            }
            ServerLoopActor.assumeIsolated { done(result.isSuccess) }
        }
    }

    /// `existing` (or a new entry) with this repair's values.
    func updated(_ existing: StreamRestoreEntry?) -> StreamRestoreEntry {
        var entry = existing ?? StreamRestoreEntry(name: name, channelMap: channelMap, volume: nil)
        // An empty volume has no level to spread over the channels (its maximum reads as muted).
        if let volume, !volume.isEmpty {
            if volume.count == entry.channelMap.count {
                entry.volume = volume
            } else if volume.count == channelMap.count {
                entry.channelMap = channelMap
                entry.volume = volume
            } else {
                entry.channelMap = channelMap
                entry.volume = ChannelVolumes(repeating: volume.maximum, count: channelMap.count)
            }
        }
        if let isMuted { entry.isMuted = isMuted }
        if let deviceName { entry.deviceName = deviceName }
        return entry
    }
}
