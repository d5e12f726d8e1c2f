import AudioSessionBus
import AudioSessionContract
import Logging
import Synchronization

extension MprisPauser {
    /// Carries out one queued request.
    func handle(_ request: MprisRequest) async {
        switch request {
        case .pause(let stream, let processID):
            guard let processID else { return }
            await pause(stream, ofProcess: processID)
        case .resume(let stream, let afterwards):
            if let owner = book.withLock({ $0.release(stream) }) { await play(owner) }
            afterwards()
        case .release(let stream):
            _ = book.withLock { $0.release(stream) }
        }
    }

    private func pause(_ stream: MprisStreamKey, ofProcess processID: Int32) async {
        let lineage = MprisPlayerBook.lineage(of: processID) { processes.parent(of: $0) }
        let players = book.withLock { $0.players(ofLineage: lineage) }
        for player in players {
            if book.withLock({ $0.joinClaim(of: player.owner, with: stream) }) { continue }
            guard await playbackStatus(of: player.owner) == .playing else { continue }
            // Claimed before asking, so the player's `Paused` report cannot arrive before the claim.
            book.withLock { $0.claim(player.owner, for: stream) }
            do {
                try await command("Pause", player.owner)
                logger.debug("player paused", metadata: ["mpris.owner": "\(player.owner)", "stream.index": "\(stream.index)"])
            } catch {
                book.withLock { $0.dropClaim(of: player.owner) }
                logger.info("player did not take Pause; muting alone", metadata: ["mpris.owner": "\(player.owner)", "error": "\(error)"])
            }
        }
    }

    /// Plays a player the pauser paused, unless it no longer reports `Paused`.
    private func play(_ owner: String) async {
        guard await playbackStatus(of: owner) == .paused else {
            logger.debug("player not paused any more; not resuming", metadata: ["mpris.owner": "\(owner)"])
            return
        }
        do {
            try await command("Play", owner)
            logger.debug("player resumed", metadata: ["mpris.owner": "\(owner)"])
        } catch {
            logger.info("player did not take Play", metadata: ["mpris.owner": "\(owner)", "error": "\(error)"])
        }
    }

    /// The player's `PlaybackStatus`, read from it now; `nil` when it does not answer.
    func playbackStatus(of owner: String) async -> MprisPlaybackStatus? {
        do {
            let (value) = try await connection.call(
                destination: owner, path: MprisNames.objectPath, interface: MprisNames.propertiesInterface, method: "Get",
                arguments: [.string(MprisNames.playerInterface), .string(MprisNames.playbackStatus)], timeout: callTimeout
            ).decode(BusVariant.self)
            guard case .string(let text) = value.value else { return nil }
            return MprisPlaybackStatus(rawValue: text)
        } catch {
            logger.debug("player's status unreadable", metadata: ["mpris.owner": "\(owner)", "error": "\(error)"])
            return nil
        }
    }

    private func command(_ method: String, _ owner: String) async throws {
        _ = try await connection.call(
            destination: owner, path: MprisNames.objectPath, interface: MprisNames.playerInterface, method: method,
            timeout: callTimeout)
    }
}
