import AudioPolicy
import AudioSessionContract
import Logging
import SoundServer

/// Turns the graph mirror's events into engine events, on the loop thread, without a hop: the
/// mirror's handler calls ``handle(_:graph:)``, which calls the coordinator's
/// ``PolicyCoordinator/handleOnLoop(_:)`` (the loop lock is the coordinator's outer lock). It keeps
/// the ``ServerStreamTable`` and returns what changed there (``ServerStreamChange``), which the
/// handler hands to the enforcer: the translator itself knows no enforcer.
///
/// Streams become ``StreamInfo`` (see ``StreamTranslation``); a change of cork state becomes
/// ``PolicyEvent/streamSoundingChanged(_:isSounding:)``, any other change of what the engine sees
/// ``PolicyEvent/streamChanged(_:)``. Devices (not monitors) become device events. When a session
/// registers or ends, every stream is resolved again, since a stream may appear before its session.
///
/// Isolated to the server loop (``ServerLoopActor``), like everything it touches.
@ServerLoopActor
final class GraphTranslator {
    private let table: ServerStreamTable
    /// The server's own policy modules (the pulse protocol's); PipeWire has none the agent takes over.
    private let modules: (any ServerModulePlanning)?
    private let resolver: StreamSessionResolver<LinuxProcessTable>
    private let logger: Logger
    private var coordinator: PolicyCoordinator?
    private var infos: [StreamID: StreamInfo] = [:]
    /// Each client's app as it connected, its ancestors read then: a client connects before it
    /// makes its stream, so the first stream's translation, on the way to the engine's reaction
    /// to it, reads no `/proc` (three `stat` reads and three `readlink`s, about 50 µs on PulseAudio).
    private var clientApps: [UInt32: AppIdentity] = [:]
    private var bindings = ClientBindings()
    private var isFollowing = false
    private var resolveAgain: (any LoopTimer)?
    /// Whether the server sets its clients' `pipewire.*` properties itself (native PipeWire).
    private let serverSetsClientSecurity: Bool
    /// The streams each app joined to its sessions by a token, against its limit.
    private var taggedStreams = TaggedStreamLedger(limit: SessionLimits.standard.taggedStreamsPerApp)

    nonisolated init(
        table: ServerStreamTable, modules: (any ServerModulePlanning)?,
        resolver: StreamSessionResolver<LinuxProcessTable>, logger: Logger, serverSetsClientSecurity: Bool = false
    ) {
        self.serverSetsClientSecurity = serverSetsClientSecurity
        self.table = table
        self.modules = modules
        self.resolver = resolver
        self.logger = logger
    }

    /// Connects the translator to the coordinator and the loop; call with the loop lock held,
    /// before ``begin(with:)``.
    func attach(to coordinator: PolicyCoordinator, makeTimer: (@escaping @ServerLoopActor @Sendable () -> Void) -> any LoopTimer) {
        self.coordinator = coordinator
        resolveAgain = makeTimer { [weak self] in self?.resolveAll() }
    }

    /// Tells the engine about everything in the starting graph, then follows events. Call with the
    /// loop lock held, once the mirror has its listing and the module steward has planned it:
    /// events before this only built the graph.
    func begin(with graph: Graph) {
        table.graph = graph
        isFollowing = true
        for device in (Array(graph.sinks.values) + Array(graph.sources.values)).sorted(by: { $0.index < $1.index }) {
            if let info = StreamTranslation.info(for: device) { coordinator?.handleOnLoop(.deviceAdded(info)) }
        }
        defaultsChanged(from: nil, to: graph.server)
        for stream in (Array(graph.sinkInputs.values) + Array(graph.sourceOutputs.values)).sorted(by: { $0.index < $1.index }) {
            appeared(stream)
        }
    }

    /// The server went away: stops translating and returns what the engine must forget, every
    /// stream and device the translator told it about, as vanish events (to be handled once the
    /// agent has left its seat, so no enforcer acts on them).
    func retire() -> [PolicyEvent] {
        let streams = table.all.sorted { $0.0.serial < $1.0.serial }.map { PolicyEvent.streamVanished($0.0.id) }
        let devices = (Array(table.graph.sinks.values) + Array(table.graph.sources.values))
            .filter { StreamTranslation.info(for: $0) != nil }
            .sorted { $0.index < $1.index }
            .map { PolicyEvent.deviceRemoved(StreamTranslation.deviceID(of: $0)) }
        end()
        infos = [:]
        taggedStreams = TaggedStreamLedger(limit: taggedStreams.limit)
        return streams + devices
    }

    /// Stops translating (the agent is shutting down).
    func end() {
        isFollowing = false
        resolveAgain?.cancel()
        coordinator = nil  // the coordinator's session watcher holds the translator: break the cycle
    }

    /// The mirror's handler: on the loop thread, with the graph after `event`. Returns what
    /// changed of a stream the engine knew, for the enforcer.
    @discardableResult
    func handle(_ event: GraphEvent, graph: Graph) -> ServerStreamChange? {
        guard isFollowing else { return nil }
        table.graph = graph
        switch event {
        case .streamAppeared(let stream):
            appeared(stream)
        case .streamChanged(_, let stream):
            guard table.contains(stream) else {
                appeared(stream)
                return nil
            }
            return changed(stream)
        case .streamVanished(let stream):
            return vanished(stream)
        case .deviceAppeared(let device):
            if let info = StreamTranslation.info(for: device) { coordinator?.handleOnLoop(.deviceAdded(info)) }
        case .deviceVanished(let device):
            if !device.isMonitor { coordinator?.handleOnLoop(.deviceRemoved(StreamTranslation.deviceID(of: device))) }
        case .deviceChanged(let old, let new):
            // A port switched or a jack was plugged or pulled: the engine sees a changed device.
            if let info = StreamTranslation.info(for: new), info != StreamTranslation.info(for: old) {
                coordinator?.handleOnLoop(.deviceAdded(info))
            }
        case .serverChanged(let old, let new):
            defaultsChanged(from: old, to: new)
        case .clientChanged(_, let client):
            clientApps[client.index] = clientApp(client)
            for stream in Array(graph.sinkInputs.values) + Array(graph.sourceOutputs.values)
            where stream.clientIndex == client.index && table.contains(stream) {
                if let ref = table.ref(of: stream.id) { report(translate(stream, ref: ref)) }
            }
        case .connectionLost(let reason):
            bindings = ClientBindings()  // the next server numbers its clients afresh
            clientApps = [:]
            logger.error("the sound server connection was lost", metadata: ["server.reason": "\(reason)"])
        case .moduleAppeared, .moduleChanged, .moduleVanished:
            // Someone loaded or unloaded a module (or the agent did): what is left to the server
            // may have changed, and with it which streams are the engine's.
            if modules?.modulesChanged(in: graph) == true { resolveAll() }
        case .clientVanished(let client):
            bindings.forget(client: client.index)  // a binding never passes to a client that reuses the index
            clientApps[client.index] = nil
        case .clientAppeared(let client):
            clientApps[client.index] = clientApp(client)
        }
        return nil
    }

    /// Translates and resolves every stream again at the loop's next turn: a session registered or
    /// ended, or a new policy changed which server modules are left in charge. Called from a
    /// decision sink, which must not call back into the coordinator itself.
    func translateAgainSoon() {
        resolveAgain?.arm(after: .zero)
    }

    /// Tells the engine when the server's default sink or source changed.
    private func defaultsChanged(from old: ServerInfo?, to new: ServerInfo?) {
        if old?.defaultSinkName != new?.defaultSinkName {
            let id = new?.defaultSinkName.map { StreamTranslation.deviceID(named: $0, .playback) }
            coordinator?.handleOnLoop(.defaultDeviceChanged(.playback, id))
        }
        if old?.defaultSourceName != new?.defaultSourceName {
            let id = new?.defaultSourceName.map { StreamTranslation.deviceID(named: $0, .capture) }
            coordinator?.handleOnLoop(.defaultDeviceChanged(.capture, id))
        }
    }

    // MARK: Streams

    private func appeared(_ stream: SoundStream) {
        let ref = table.store(stream)
        let info = translate(stream, ref: ref)
        infos[ref.id] = info
        logger.debug(
            "stream appeared",
            metadata: [
                "stream.id": "\(ref.id)", "stream.role": "\(UntrustedText.excerpt(stream.role ?? "none"))",
                "session.id": "\(info.session?.rawValue ?? "none")",
            ])
        coordinator?.handleOnLoop(.streamAppeared(info))
    }

    private func changed(_ stream: SoundStream) -> ServerStreamChange {
        let previous = table.ref(of: stream.id).flatMap { table.stream($0.id) }
        let ref = table.store(stream)
        // Volume and mute changes (every ramp step is one) do not change what the engine sees:
        // only a cork, a property or a client change is translated (and resolved) again.
        if let previous, var info = infos[ref.id], previous.properties == stream.properties,
            previous.clientIndex == stream.clientIndex, previous.deviceIndex == stream.deviceIndex
        {
            info.isSounding = !stream.isCorked
            report(info)
        } else {
            report(translate(stream, ref: ref))
        }
        return .changed(ref, stream)
    }

    private func vanished(_ stream: SoundStream) -> ServerStreamChange? {
        guard let ref = table.remove(stream) else { return nil }
        infos[ref.id] = nil
        taggedStreams.release(ref.id)
        coordinator?.handleOnLoop(.streamVanished(ref.id))
        return .vanished(ref, last: stream)
    }

    /// Tells the engine what changed between the info it has and `info`.
    ///
    /// A start or stop is its own event (it can interrupt, resume or end an unplug hold); it is
    /// told after the other changes of the same update when the stream starts and before them
    /// when it stops, so the engine never sees the stream running anywhere it does not run.
    /// pipewire-pulse sends a stream that falls back after an unplug as "on the speaker, corked",
    /// then "uncorked": told the other way round, the move looked like the stream running on the
    /// speaker and the cork like its player pausing, which ended the hold at once.
    private func report(_ info: StreamInfo) {
        guard let old = infos[info.id] else { return }
        infos[info.id] = info
        let startsOrStops = info.isSounding != old.isSounding
        if startsOrStops, !info.isSounding {
            coordinator?.handleOnLoop(.streamSoundingChanged(info.id, isSounding: false))
        }
        var quiet = info
        quiet.isSounding = old.isSounding && info.isSounding
        if quiet != old.withSounding(quiet.isSounding) { coordinator?.handleOnLoop(.streamChanged(quiet)) }
        if startsOrStops, info.isSounding {
            coordinator?.handleOnLoop(.streamSoundingChanged(info.id, isSounding: true))
        }
    }

    private func resolveAll() {
        guard isFollowing else { return }
        for (ref, stream) in table.all.sorted(by: { $0.0.serial < $1.0.serial }) {
            report(translate(stream, ref: ref))
        }
    }

    private func translate(_ stream: SoundStream, ref: ServerStreamRef) -> StreamInfo {
        // One read of the registry: its sessions, and the limit of tagged streams per app.
        let (registered, taggedLimit) =
            coordinator?.readOnLoop { view -> ([RegisteredSession], Int?) in
                (view.registry.sessions, view.registry.limits.taggedStreamsPerApp)
            } ?? ([], nil)
        let graph = table.graph
        bindings.keep(sessions: registered)
        if let client = stream.clientIndex {
            bindings.bind(
                client: client, showing: [graph.clients[client]?.properties ?? [:], stream.properties], among: registered)
        }
        let sessions = registered.map { session in
            SessionCandidate(
                id: session.id, token: session.token.rawValue, processID: session.owner.processID ?? 0,
                flatpakAppID: session.owner.flatpakID, tokenUse: session.tokenUse, boundClients: bindings.clients(of: session.id))
        }
        // Whose app each session is, for the per-app limit on tagged streams.
        let accounts = Dictionary(registered.map { ($0.id, AppAccount($0.owner)) }, uniquingKeysWith: { first, _ in first })
        return StreamTranslation.info(
            for: stream, ref: ref, in: table.graph, resolver: resolver, sessions: sessions,
            serverModules: modules?.plan ?? ServerModulePlan(), serverSetsClientSecurity: serverSetsClientSecurity,
            previous: infos[ref.id]?.app ?? stream.clientIndex.flatMap { clientApps[$0] }
        ) { resolution in
            admitted(resolution, stream: ref.id, limit: taggedLimit, accounts: accounts)
        }
    }

    /// `client`'s app by its own properties, with the binaries of the processes that started it
    /// (read again only when a change of its properties names another process).
    private func clientApp(_ client: SoundClient) -> AppIdentity {
        var app = StreamAppIdentity.app(
            streamProperties: [:], clientProperties: client.properties, serverSetsClientSecurity: serverSetsClientSecurity)
        StreamAppIdentity.addAncestors(to: &app, from: resolver.processes, knownFrom: clientApps[client.index])
        return app
    }

    /// The resolution, unless it joins the stream by a token to a session whose app is at its
    /// limit of tagged streams: then the stream takes part without a session, and the app is
    /// logged once.
    private func admitted(
        _ resolution: SessionResolution, stream: StreamID, limit: Int?, accounts: [SessionID: AppAccount]
    ) -> SessionResolution {
        if let limit { taggedStreams.limit = limit }
        let joinsByToken: Bool
        switch resolution.match {
        case .libraryToken?, .environmentToken?: joinsByToken = true
        default: joinsByToken = false
        }
        guard joinsByToken, let session = resolution.session, let account = accounts[session] else {
            taggedStreams.release(stream)
            return resolution
        }
        switch taggedStreams.admit(stream, to: account) {
        case .joined:
            return resolution
        case .refused(let firstTime):
            if firstTime {
                logger.warning(
                    "an app has as many tagged streams as it may: further ones take part without their session",
                    metadata: [
                        "app.account": "\(UntrustedText.excerpt(account.description))",
                        "limit": "\(taggedStreams.limit)", "stream.id": "\(stream)",
                    ])
            }
            return .unmatched
        }
    }
}

/// The translator's ear on the coordinator: when a session registers or ends, streams are resolved
/// again (at the loop's next turn, since a sink must not call back into the coordinator).
struct SessionChangeWatcher: LoopDecisionSink {
    let translator: GraphTranslator

    func carryOut(_ decisions: [PolicyDecision], after event: PolicyEvent, in view: PolicyView) {
        switch event {
        case .sessionRegistered, .sessionEnded: translator.translateAgainSoon()
        default: break
        }
    }
}

extension StreamInfo {
    /// The same facts with `isSounding` set.
    fileprivate func withSounding(_ isSounding: Bool) -> StreamInfo {
        var info = self
        info.isSounding = isSounding
        return info
    }
}
