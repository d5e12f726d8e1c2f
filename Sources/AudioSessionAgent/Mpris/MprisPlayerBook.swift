import AudioSessionContract

/// What the pauser knows about the players on the bus and the pauses it sent: pure state, changed
/// only by the pauser's one worker, so its rules can be tested without a bus.
///
/// Matching: a stream belongs to the players whose connection's process is the stream's client
/// process; failing that, to the players of its nearest ancestor process that owns one (a player
/// that plays through a helper process it started). A player is never matched through a process
/// *it* descends from: a shell or launcher that started a player is a different app.
struct MprisPlayerBook: Sendable {
    /// The players by connection unique name.
    private(set) var players: [String: MprisPlayer] = [:]
    /// How far up the process tree a stream's process is followed.
    static let ancestorLimit = 8

    /// A player's well-known name appeared (or changed owner) on the bus.
    mutating func nameAppeared(_ name: String, owner: String, processID: Int32) {
        nameVanished(name)
        players[owner, default: MprisPlayer(owner: owner, processID: processID, busNames: [])].busNames.insert(name)
    }

    /// A player's well-known name lost its owner; a connection with no name left is forgotten,
    /// with any pause claimed for it (there is nobody left to resume).
    mutating func nameVanished(_ name: String) {
        for (owner, player) in players where player.busNames.contains(name) {
            players[owner]?.busNames.remove(name)
            if players[owner]?.busNames.isEmpty == true { players[owner] = nil }
        }
    }

    /// The process and its ancestors, nearest first, as far as the matching rules look (read
    /// before taking the book's lock: `/proc` reads do not belong under it).
    static func lineage(of processID: Int32, parent: (Int32) -> Int32?) -> [Int32] {
        var lineage = [processID]
        while lineage.count <= ancestorLimit, let last = lineage.last, let next = parent(last), next > 1, !lineage.contains(next) {
            lineage.append(next)
        }
        return lineage
    }

    /// The players a stream belongs to, given its process's `lineage` (see the type's matching rules).
    func players(ofLineage lineage: [Int32]) -> [MprisPlayer] {
        for process in lineage {
            let matches = players.values.filter { $0.processID == process }
            if !matches.isEmpty { return matches.sorted { $0.owner < $1.owner } }
        }
        return []
    }

    /// The player holding a pause claim for `stream`, if any.
    func claimant(of stream: MprisStreamKey) -> MprisPlayer? {
        players.values.first { $0.claim?.streams.contains(stream) == true }
    }

    /// Adds `stream` to the player's existing claim; false when the player has none (a pause
    /// must be asked for first).
    mutating func joinClaim(of owner: String, with stream: MprisStreamKey) -> Bool {
        guard players[owner]?.claim != nil else { return false }
        players[owner]?.claim?.streams.insert(stream)
        return true
    }

    /// Records that the pauser paused the player for `stream`.
    mutating func claim(_ owner: String, for stream: MprisStreamKey) {
        players[owner]?.claim = MprisPauseClaim(streams: [stream])
    }

    /// Forgets the player's claim (its `Pause` failed).
    mutating func dropClaim(of owner: String) {
        players[owner]?.claim = nil
    }

    /// Releases `stream` from its claim; returns the player's owner when that was the claim's
    /// last stream (the claim is gone then: the caller decides whether to play).
    mutating func release(_ stream: MprisStreamKey) -> String? {
        guard let owner = claimant(of: stream)?.owner else { return nil }
        players[owner]?.claim?.streams.remove(stream)
        guard players[owner]?.claim?.streams.isEmpty == true else { return nil }
        players[owner]?.claim = nil
        return owner
    }

    /// The player reported a new playback status. After the player confirmed the pause, any
    /// other status is the user's doing: the claim is dropped so the player is never resumed.
    mutating func statusChanged(of owner: String, to status: MprisPlaybackStatus) {
        guard let claim = players[owner]?.claim else { return }
        switch (status, claim.confirmed) {
        case (.paused, _): players[owner]?.claim?.confirmed = true
        case (.playing, false): break  // may have been sent before the pause arrived
        case (.stopped, _), (.playing, true): players[owner]?.claim = nil
        }
    }
}
