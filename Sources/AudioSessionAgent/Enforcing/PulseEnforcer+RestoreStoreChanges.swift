import Logging
import PulseBackend
import SoundServer

extension PulseEnforcer {
    /// The restore database changed (``PulseStreamRestoreFollower``). module-stream-restore saves
    /// a stream's values at every change event of the stream (a move, a mute, a property update),
    /// so an entry repaired once gets the agent's values back while the stream stays ducked or
    /// silenced. The database is read, and each entry that holds what the agent applied to a held
    /// stream gets the user's values of those fields back (``leakedRepair(of:in:)``).
    ///
    /// Through pipewire-pulse the database is WirePlumber's, which a read does not show, and the
    /// repairs are written when a state settles or ends; nothing is followed there.
    func restoreStoreChanged() {
        // Not while nothing held can have leaked: a ramp's own steps are saved one by one.
        guard !isPipeWirePulse, !isShuttingDown, enforced.values.contains(where: { appliedValues(of: $0) != nil }),
            restoreStoreRead.begin()
        else { return }
        connection.readStreamRestoreEntries { [weak self] result in
            ServerLoopActor.assumeIsolated { self?.compareRestoreStore(result) }
        }
    }

    /// Repairs the entries `result` shows holding the agent's values, once per entry, then reads
    /// again if the database changed meanwhile.
    private func compareRestoreStore(_ result: Result<[StreamRestoreEntry], PulseError>) {
        if case .success(let entries) = result, !isShuttingDown {
            let saved = Dictionary(entries.map { ($0.name, $0) }) { first, _ in first }
            var repaired: Set<String> = []
            for state in enforced.values {
                guard let name = state.restoreName, !repaired.contains(name), let entry = saved[name],
                    let repair = leakedRepair(of: state, in: entry)
                else { continue }
                repaired.insert(name)
                logger.debug(
                    "the restore database saved what the agent applied to a held stream: the user's values go back",
                    metadata: ["stream.id": "\(state.ref.id)"])
                // Straight after the read, so a read that a change meanwhile starts comes after this
                // write. Not remembered for a lost server: held streams' repairs are handed over whole.
                repair.write(over: entry, on: connection, logger: logger) { _ in }
            }
        }
        if restoreStoreRead.end() { restoreStoreChanged() }
    }

    /// The repair of the fields of `entry` that hold what the agent applied to `state`'s stream
    /// (``appliedValues(of:)``); `nil` when it holds none of it. The entry's other fields stay as
    /// saved: a user's mute or move of a ducked stream is theirs.
    func leakedRepair(of state: EnforcedStream, in entry: StreamRestoreEntry) -> PulseRestoreRepair? {
        guard let name = state.restoreName, let applied = appliedValues(of: state) else { return nil }
        var repair = PulseRestoreRepair(name: name, channelMap: state.last.channelMap)
        if let level = applied.level, let volume = entry.volume, StreamVolume(volume).matches(level) { repair.volume = state.repairVolume }
        if applied.isMuted, entry.isMuted { repair.isMuted = false }
        return repair.volume != nil || repair.isMuted != nil ? repair : nil
    }

    /// What the agent applied to `state`'s stream that the restore database can save over a
    /// repair: a settled duck's level, and whether its mute of a stream the user had unmuted shows.
    /// `nil` when neither, when the stream has no entry, or while it is between states (a ramp, a
    /// step or an unsilence on its way), whose end repairs the entry.
    private func appliedValues(of state: EnforcedStream) -> (level: StreamVolume?, isMuted: Bool)? {
        guard state.restoreName != nil, !state.isStepInFlight, state.unsilencingTo == nil else { return nil }
        var level: StreamVolume?
        if let duck = state.duck, !duck.isRamping, duck.level < 1, case .streamVolume(let applied) = duck.expected { level = applied }
        let isMuted = state.silencedWasMuted == false && state.silenceMute?.hasShown == true
        return level != nil || isMuted ? (level, isMuted) : nil
    }
}
