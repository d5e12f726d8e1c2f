import AudioSessionBus
import AudioSessionContract
import Logging
import ServiceLifecycle
import Synchronization

extension MprisPauser {
    /// Watches the players on the bus and carries out queued pauses and resumes until the task is
    /// cancelled or a graceful shutdown begins. Run it once.
    ///
    /// - Throws: a ``BusError`` when the watches cannot be set up (the bus is gone).
    public func run() async throws {
        // Subscribe before listing, so a player that appears in between is not missed.
        let owners: NameOwnerChanges
        let statuses: BusSignals
        do {
            owners = try await connection.nameOwnerChanges()
            statuses = try await connection.signals(
                matching: BusMatchRule(
                    interface: MprisNames.propertiesInterface, member: "PropertiesChanged", path: MprisNames.objectPath,
                    arguments: [0: MprisNames.playerInterface]))
        } catch {
            // A shutdown right after the start closes the shared connection under these calls:
            // that ends the pauser, it is no failure.
            if !connection.isConnected { return }
            throw error
        }
        await discoverPlayers()
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask {
                    for await change in owners where MprisNames.isPlayerName(change.name) { await self.ownerChanged(change) }
                }
                group.addTask {
                    for await signal in statuses { self.propertiesChanged(signal) }
                }
                group.addTask {
                    for await request in self.requests { await self.handle(request) }
                }
            }
        }
    }

    /// Learns the players already on the bus.
    private func discoverPlayers() async {
        let names: [String]
        do {
            (names) = try await connection.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                method: "ListNames"
            ).decode([String].self)
        } catch {
            logger.warning("cannot list the bus names; players appear as they register", metadata: ["error": "\(error)"])
            return
        }
        for name in names where MprisNames.isPlayerName(name) {
            do {
                await learn(name, owner: try await connection.nameOwner(of: name))
            } catch {
                logger.debug("player left before it was learnt", metadata: ["mpris.name": "\(name)"])
            }
        }
    }

    private func ownerChanged(_ change: NameOwnerChange) async {
        if let owner = change.newOwner {
            await learn(change.name, owner: owner)
        } else {
            book.withLock { $0.nameVanished(change.name) }
            logger.debug("player left", metadata: ["mpris.name": "\(change.name)"])
        }
    }

    /// Records a player name with the process the bus reports for its connection.
    private func learn(_ name: String, owner: String) async {
        do {
            let identity = try await connection.callerIdentity(of: owner)
            book.withLock { $0.nameAppeared(name, owner: owner, processID: identity.processID) }
            logger.debug(
                "player found", metadata: ["mpris.name": "\(name)", "mpris.owner": "\(owner)", "mpris.pid": "\(identity.processID)"])
        } catch {
            logger.debug("player's process unknown", metadata: ["mpris.name": "\(name)", "error": "\(error)"])
        }
    }

    private func propertiesChanged(_ signal: BusSignal) {
        guard let (_, changed, _) = try? signal.arguments.decode(String.self, [String: BusVariant].self, [String].self),
            case .string(let text)? = changed[MprisNames.playbackStatus]?.value,
            let status = MprisPlaybackStatus(rawValue: text)
        else { return }
        book.withLock { $0.statusChanged(of: signal.sender, to: status) }
        logger.trace("player status", metadata: ["mpris.owner": "\(signal.sender)", "mpris.status": "\(status.rawValue)"])
    }
}
