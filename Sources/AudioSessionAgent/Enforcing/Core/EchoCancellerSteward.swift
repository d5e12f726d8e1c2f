import AudioPolicy
import Logging
import SoundServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The engine's echo cancellers on one server, written once for both protocols. It has each
/// canceller started between the engine's masters by its ``EchoCancellerHost`` (a PulseAudio
/// module, or a `pipewire` process of the agent's), moves a session's streams onto the
/// canceller's devices once they exist, through the enforcer (``EchoCancellerMover``), and ends a
/// canceller the engine no longer needs.
///
/// A route change loads the new canceller, moves the streams and unloads the old one; the moves
/// wait for the new canceller's devices, so ending the old one at once would take its devices
/// away while the call is still on them: the call would be heard unprocessed, and the server
/// would move the streams itself at the same moment as the agent (pipewire-pulse 0.3.65 went
/// away on such a succession when the canceller was its own module, issue 9). So while another
/// canceller has streams on their way to it (waiting for its devices, for the server to link
/// them, or sent and not shown there yet), an unneeded one ends once the server shows every such
/// stream on its new device, or the stream ended, or that canceller gave up. Merely sending the
/// moves is not enough: pipewire-pulse lost a call whose stream was still being moved onto the
/// old canceller when the new one became ready. Otherwise it ends at once, whatever stream a user
/// put on it: the server moves that one as any stream of a device that goes.
///
/// Isolated to the server loop (``ServerLoopActor``), as its enforcer is.
///
/// ```swift
/// let cancellers = EchoCancellerSteward(host: processes, table: table, movesUnlinkedStreams: true, logger: logger)
/// cancellers.begin(mover: enforcer)
/// cancellers.load(canceller)                        // the engine's loadEchoCanceller
/// cancellers.move(stream, onto: canceller.id)       // moveToEchoCanceller, once its devices exist
/// cancellers.unload(canceller.id)                   // once a successor has taken its streams
/// ```
@ServerLoopActor
final class EchoCancellerSteward: EchoCancellerOwner {
    /// Tells this agent's canceller devices from a previous agent's: the process id.
    nonisolated static let instance = String(getpid())

    /// Where the cancellers run.
    let host: any EchoCancellerHost
    private let table: ServerStreamTable
    private let logger: Logger
    /// Whether a stream the server has not linked yet can be sent onto a canceller: natively its
    /// `target.object` is set before WirePlumber links it; the pulse protocol moves a stream by
    /// name from the device it is on.
    private let movesUnlinkedStreams: Bool
    private weak var mover: (any EchoCancellerMover)?
    /// Streams waiting for a starting canceller's devices, by canceller.
    private var waiting: [EchoCancellerID: [StreamID]] = [:]
    /// Unneeded cancellers that end once the one they are listed under is ready (or gave up).
    private var retiring: [EchoCancellerID: [EchoCancellerID]] = [:]
    /// Streams to move onto a canceller once the server links them to a device.
    private var movesAwaitingLink: [StreamSerial: EchoCancellerID] = [:]
    /// Streams sent onto a canceller that the server does not show on its device yet.
    private var movesInFlight: [StreamSerial: MoveInFlight] = [:]
    /// The agent is stopping or gone: no canceller is started any more.
    private var isEnded = false

    nonisolated init(host: any EchoCancellerHost, table: ServerStreamTable, movesUnlinkedStreams: Bool, logger: Logger) {
        self.host = host
        self.table = table
        self.movesUnlinkedStreams = movesUnlinkedStreams
        self.logger = logger
    }

    /// Starts serving the enforcer `mover`; call once, as it starts.
    func begin(mover: any EchoCancellerMover) {
        self.mover = mover
        host.begin(owner: self)
    }

    // MARK: The engine's decisions

    /// Has the canceller started between the engine's masters, named for this agent.
    func load(_ canceller: EchoCanceller) {
        guard !isEnded, let playback = StreamTranslation.device(named: canceller.playbackMaster)?.name,
            let capture = StreamTranslation.device(named: canceller.captureMaster)?.name
        else { return }
        host.start(
            NativeEchoCancellerConfiguration(
                module: EchoCancellerModule(canceller: canceller, instance: Self.instance), playbackMaster: playback,
                captureMaster: capture))
    }

    /// Moves the stream onto the canceller's sink or source once they exist (and, where the
    /// protocol moves by name, once the server has linked the stream), journalled with its own
    /// device: a stream on another canceller has the device behind that one, and a stream not
    /// linked yet the canceller's master.
    func move(_ id: StreamID, onto cancellerID: EchoCancellerID) {
        guard let configuration = host.configurations[cancellerID] else { return }
        guard host.isReady(cancellerID) else { return waiting[cancellerID, default: []].append(id) }
        guard let stream = table.stream(id), let ref = table.ref(of: stream.id) else { return }
        let master = configuration.master(for: ref.kind)
        guard let current = table.graph.device(of: stream)?.name ?? (movesUnlinkedStreams ? master : nil) else {
            // pipewire-pulse shows a new stream before it links it: it is moved once it has a device.
            movesAwaitingLink[ref.serial] = cancellerID
            return
        }
        movesAwaitingLink[ref.serial] = nil
        let target = configuration.device(for: ref.kind)
        logger.debug("moving a stream onto its echo canceller", metadata: ["stream.id": "\(id)", "echo-cancel.device": "\(target)"])
        if current != target { movesInFlight[ref.serial] = MoveInFlight(canceller: cancellerID, device: target) }
        mover?.send(ref, stream, to: target, from: current) { [weak self] device in
            self?.host.configurations.values.first { $0.device(for: ref.kind) == device }?.master(for: ref.kind) ?? master
        }
    }

    /// Ends the canceller: at once, or, while another has streams on their way to it, once they
    /// are there.
    func unload(_ id: EchoCancellerID) {
        guard host.configurations[id] != nil else { return }
        forgetMoves(onto: id)
        if !isEnded, let successor = successorsTakingStreams.sorted().first {
            retiring[successor, default: []].append(id)
            logger.debug("the echo canceller ends once its successor is ready", metadata: ["echo-cancel.id": "\(id)"])
            return
        }
        endNow(id)
    }

    // MARK: The server's streams

    /// A stream waiting to be linked goes onto its canceller once it has a device; a stream the
    /// server shows on the canceller it was sent to has been taken by it (as has one a user moved
    /// off the cancellers meanwhile).
    func streamChanged(_ ref: ServerStreamRef, _ stream: SoundStream) {
        let device = table.graph.device(of: stream)?.name
        if let move = movesInFlight[ref.serial], let device,
            device == move.device || !host.configurations.values.contains(where: { $0.device(for: ref.kind) == device })
        {
            movesInFlight[ref.serial] = nil
            endRetired(onceTakenBy: move.canceller)
        }
        guard let id = movesAwaitingLink[ref.serial], device != nil else { return }
        move(ref.id, onto: id)
        endRetired(onceTakenBy: id)
    }

    /// A stream ended: no canceller waits to take it any more.
    func streamVanished(_ ref: ServerStreamRef) {
        let successors = [movesAwaitingLink.removeValue(forKey: ref.serial), movesInFlight.removeValue(forKey: ref.serial)?.canceller]
        for id in Set(successors.compactMap { $0 }).sorted() { endRetired(onceTakenBy: id) }
    }

    /// A device appeared: the host looks for the devices of cancellers still starting.
    func devicesAppeared() { host.devicesAppeared() }

    // MARK: The agent's life

    /// Ends every canceller (the agent is stopping: its streams' moves off them are answered);
    /// `counter` counts what the server has still to answer.
    func endAll(counter: WorkCounter) {
        isEnded = true
        forgetSuccessions()
        host.endAll(counter: counter)
    }

    /// Ends the cancellers a previous agent left; `counter` counts the answers.
    func endLeftovers(counter: WorkCounter) { host.endLeftovers(counter: counter) }

    /// Stops as a crash would (``EchoCancellerHost/abandon()``).
    func abandon() {
        isEnded = true
        forgetSuccessions()
        movesAwaitingLink = [:]
        host.abandon()
    }

    private func forgetSuccessions() {
        waiting = [:]
        retiring = [:]
        movesInFlight = [:]
    }

    /// Cancellers with streams still on their way to them: waiting for their devices, for the
    /// server to link the stream, or sent and not shown there yet.
    private var successorsTakingStreams: Set<EchoCancellerID> {
        Set(waiting.keys).union(movesAwaitingLink.values).union(movesInFlight.values.map(\.canceller))
    }

    /// Ends the cancellers retired in favour of `id` once every stream on its way to `id` is there
    /// (or has ended): ending one earlier takes a device away from a stream the server is still
    /// moving, and pipewire-pulse then loses the stream.
    private func endRetired(onceTakenBy id: EchoCancellerID) {
        guard !successorsTakingStreams.contains(id) else { return }
        for retired in retiring.removeValue(forKey: id) ?? [] { endNow(retired) }
    }

    private func endNow(_ id: EchoCancellerID) {
        host.end(id)
        forgetMoves(onto: id)
        // Those waiting for it end with it: it takes no streams any more.
        for retired in retiring.removeValue(forKey: id) ?? [] { endNow(retired) }
    }

    private func forgetMoves(onto id: EchoCancellerID) {
        waiting[id] = nil
        movesAwaitingLink = movesAwaitingLink.filter { $0.value != id }
        movesInFlight = movesInFlight.filter { $0.value.canceller != id }
    }

    // MARK: EchoCancellerOwner

    func echoCancellerDevicesExist(_ configuration: NativeEchoCancellerConfiguration) -> Bool {
        table.graph.sink(named: configuration.module.sinkName) != nil && table.graph.source(named: configuration.module.sourceName) != nil
    }

    func echoCancellerReady(_ id: EchoCancellerID) {
        for stream in waiting.removeValue(forKey: id) ?? [] { move(stream, onto: id) }
        endRetired(onceTakenBy: id)
    }

    func echoCancellerGaveUp(_ id: EchoCancellerID) {
        forgetMoves(onto: id)
        for retired in retiring.removeValue(forKey: id) ?? [] { endNow(retired) }
    }
}

/// A stream the steward sent onto a canceller's device, until the server shows it there.
private struct MoveInFlight {
    var canceller: EchoCancellerID
    var device: String
}
