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
/// canceller the engine no longer needs once no stream goes through it.
///
/// A route change loads the new canceller, moves the streams and unloads the old one; the moves
/// wait for the new canceller's devices, so ending the old one at once would take its devices
/// away while its streams are still on them, and the server would move them itself at the same
/// moment as the agent (pipewire-pulse 0.3.65 has gone away on such a succession, issue 9). So
/// the old one ends once its streams have left, or after ``vacancyGrace`` at the latest. Waiting
/// costs nothing journal-wise: the streams' moves are journalled as they are sent, and a stopping
/// agent ends every canceller it still holds.
///
/// Isolated to the server loop (``ServerLoopActor``), as its enforcer is.
///
/// ```swift
/// let cancellers = EchoCancellerSteward(host: processes, table: table, movesUnlinkedStreams: true, logger: logger)
/// cancellers.begin(mover: enforcer) { PipeWireLoopTimer.onLoop(of: connection, $0) }
/// cancellers.load(canceller)                        // the engine's loadEchoCanceller
/// cancellers.move(stream, onto: canceller.id)       // moveToEchoCanceller, once its devices exist
/// cancellers.unload(canceller.id)                   // once its streams have left
/// ```
@ServerLoopActor
final class EchoCancellerSteward: EchoCancellerOwner {
    /// How long a canceller the engine no longer needs waits for its streams to leave: longer
    /// than a move takes on a loaded server, short enough that a stream nobody moves off it (one
    /// a user put there, or a killed app's child's) is not held on a canceller for long. The
    /// streams leaving are the event that ends it sooner; this bound stays. At zero the old
    /// canceller ends before the new one has the call, and the server drops the call onto the
    /// bare devices meanwhile: `AgentIntegrationTests.VoiceProcessing`, "headphones plugged
    /// mid-call: a canceller on them takes the call, the first one ends", fails on PulseAudio.
    nonisolated static let vacancyGrace = Duration.seconds(3)
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
    /// Cancellers the engine no longer needs, ended once their streams have left.
    private var endWhenVacated: Set<EchoCancellerID> = []
    /// Streams to move onto a canceller once the server links them to a device.
    private var movesAwaitingLink: [StreamSerial: EchoCancellerID] = [:]
    /// Streams the agent sent onto a canceller: while the server shows one between devices, it
    /// may be on its way to or from a canceller waiting for its streams to leave.
    private var sentOntoCancellers: Set<StreamSerial> = []
    /// Ends the cancellers still carrying streams once their grace is over.
    private var vacancyTimer: (any LoopTimer)?
    /// The agent is stopping or gone: no canceller is started any more.
    private var isEnded = false

    nonisolated init(host: any EchoCancellerHost, table: ServerStreamTable, movesUnlinkedStreams: Bool, logger: Logger) {
        self.host = host
        self.table = table
        self.movesUnlinkedStreams = movesUnlinkedStreams
        self.logger = logger
    }

    /// Starts serving the enforcer `mover`, with a timer made on its loop; call once, as it starts.
    func begin(mover: any EchoCancellerMover, makeTimer: (@escaping @ServerLoopActor @Sendable () -> Void) -> any LoopTimer) {
        self.mover = mover
        host.begin(owner: self)
        vacancyTimer = makeTimer { [weak self] in self?.endVacated(evenIfCarrying: true) }
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
        guard host.isReady(cancellerID) else { return host.waitToMove(id, onto: cancellerID) }
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
        sentOntoCancellers.insert(ref.serial)
        mover?.send(ref, stream, to: target, from: current) { [weak self] device in
            self?.host.configurations.values.first { $0.device(for: ref.kind) == device }?.master(for: ref.kind) ?? master
        }
    }

    /// Ends the canceller once no stream goes through it, or after ``vacancyGrace`` at the latest.
    func unload(_ id: EchoCancellerID) {
        guard let configuration = host.configurations[id] else { return }
        guard !isEnded, carriesStreams(configuration) else { return endNow(id) }
        endWhenVacated.insert(id)
        logger.debug("the echo canceller is unloaded once its streams have left", metadata: ["echo-cancel.id": "\(id)"])
        vacancyTimer?.arm(after: Self.vacancyGrace)
    }

    // MARK: The server's streams

    /// A stream changed: a canceller waiting for its streams to leave may be vacant now, and a
    /// stream waiting to be linked goes onto its canceller once it has a device.
    func streamChanged(_ ref: ServerStreamRef, _ stream: SoundStream) {
        endVacated()
        guard let id = movesAwaitingLink[ref.serial], table.graph.device(of: stream) != nil else { return }
        move(ref.id, onto: id)
    }

    /// A stream ended: it waits for no link, and may have been a canceller's last.
    func streamVanished(_ ref: ServerStreamRef) {
        movesAwaitingLink[ref.serial] = nil
        sentOntoCancellers.remove(ref.serial)
        endVacated()
    }

    /// A device appeared: the host looks for the devices of cancellers still starting.
    func devicesAppeared() { host.devicesAppeared() }

    // MARK: The agent's life

    /// Ends every canceller (the agent is stopping: its streams' moves off them are answered);
    /// `counter` counts what the server has still to answer.
    func endAll(counter: WorkCounter) {
        isEnded = true
        vacancyTimer?.cancel()
        endWhenVacated = []
        host.endAll(counter: counter)
    }

    /// Ends the cancellers a previous agent left; `counter` counts the answers.
    func endLeftovers(counter: WorkCounter) { host.endLeftovers(counter: counter) }

    /// Stops as a crash would (``EchoCancellerHost/abandon()``).
    func abandon() {
        isEnded = true
        vacancyTimer?.cancel()
        endWhenVacated = []
        movesAwaitingLink = [:]
        sentOntoCancellers = []
        host.abandon()
    }

    private func endVacated(evenIfCarrying: Bool = false) {
        for id in endWhenVacated.sorted() {
            guard let configuration = host.configurations[id] else {
                endWhenVacated.remove(id)
                continue
            }
            if evenIfCarrying || !carriesStreams(configuration) { endNow(id) }
        }
    }

    private func endNow(_ id: EchoCancellerID) {
        endWhenVacated.remove(id)
        host.end(id)
    }

    /// Whether any stream plays to or records from the canceller's devices, or is between devices
    /// while the agent moves it among cancellers: pipewire-pulse shows a stream it is moving with
    /// no device for a moment, and lost a call whose canceller went then (issue 17).
    private func carriesStreams(_ configuration: NativeEchoCancellerConfiguration) -> Bool {
        let graph = table.graph
        return graph.sinkInputs.values.contains { graph.device(of: $0)?.name == configuration.module.sinkName }
            || graph.sourceOutputs.values.contains { graph.device(of: $0)?.name == configuration.module.sourceName }
            || table.all.contains { ref, stream in
                graph.device(of: stream) == nil && (sentOntoCancellers.contains(ref.serial) || movesAwaitingLink[ref.serial] != nil)
            }
    }

    // MARK: EchoCancellerOwner

    func echoCancellerDevicesExist(_ configuration: NativeEchoCancellerConfiguration) -> Bool {
        table.graph.sink(named: configuration.module.sinkName) != nil && table.graph.source(named: configuration.module.sourceName) != nil
    }

    func echoCancellerReady(_ id: EchoCancellerID, waiting: [StreamID]) {
        for stream in waiting { move(stream, onto: id) }
    }

    func echoCancellerGaveUp(_ id: EchoCancellerID) {
        endWhenVacated.remove(id)
    }
}
