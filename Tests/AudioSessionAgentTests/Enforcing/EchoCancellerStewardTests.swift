import AudioPolicy
import Logging
import SoundServer
import Synchronization
import Testing

@testable import AudioSessionAgent

/// The echo canceller steward over a recording host, moving the parity rig's stream through the
/// enforcement core as each protocol shows it: the same decisions give the same host requests and
/// the same moves; only a stream the server has not linked yet differs (natively its target is set
/// at once, the pulse protocol moves it by name once it has a device).
@Suite("Enforcement core: echo cancellers on both protocols")
struct EchoCancellerStewardTests {
    typealias Vocabulary = EnforcementCoreParityTests.Vocabulary

    static let speaker = EnforcementCoreParityTests.speaker
    static let mic = "alsa_input.pci-0000_00_1f.3.analog-stereo"
    static let canceller = EchoCanceller(
        id: "call-1", playbackMaster: DeviceID("sink:\(speaker)"), captureMaster: DeviceID("source:\(mic)"),
        settings: EchoCancellerSettings(kind: .webrtc))

    /// Takes the steward's requests down; a canceller is ready when the test says so.
    @ServerLoopActor
    final class RecordingHost: EchoCancellerHost {
        var configurations: [EchoCancellerID: NativeEchoCancellerConfiguration] = [:]
        var requests: [String] = []
        private var ready: Set<EchoCancellerID> = []
        private var waiting: [EchoCancellerID: [StreamID]] = [:]
        private weak var owner: (any EchoCancellerOwner)?

        func begin(owner: any EchoCancellerOwner) { self.owner = owner }

        func start(_ configuration: NativeEchoCancellerConfiguration) {
            configurations[configuration.module.canceller.id] = configuration
            requests.append("start \(configuration.module.canceller.id) on \(configuration.playbackMaster), \(configuration.captureMaster)")
        }

        func isReady(_ id: EchoCancellerID) -> Bool { ready.contains(id) }

        func waitToMove(_ stream: StreamID, onto id: EchoCancellerID) { waiting[id, default: []].append(stream) }

        func devicesAppeared() {
            for (id, configuration) in configurations where !ready.contains(id) && owner?.echoCancellerDevicesExist(configuration) == true {
                ready.insert(id)
                owner?.echoCancellerReady(id, waiting: waiting.removeValue(forKey: id) ?? [])
            }
        }

        func end(_ id: EchoCancellerID) {
            configurations[id] = nil
            requests.append("end \(id)")
        }

        func endAll(counter: WorkCounter) {
            for id in configurations.keys.sorted() { end(id) }
        }

        func endLeftovers(counter: WorkCounter) { requests.append("end leftovers") }

        func abandon() { requests.append("abandon") }
    }

    /// A loop timer the test fires by hand.
    final class HandTimer: LoopTimer {
        private struct State {
            var armedFor: Duration?
            var action: (@ServerLoopActor @Sendable () -> Void)?
        }
        private let state = Mutex(State())

        func arm(after delay: Duration) { state.withLock { $0.armedFor = delay } }
        func cancel() { state.withLock { $0.armedFor = nil } }

        /// How long it is armed for; `nil` when not armed.
        var armedFor: Duration? { state.withLock { $0.armedFor } }

        func setAction(_ action: @escaping @ServerLoopActor @Sendable () -> Void) { state.withLock { $0.action = action } }

        /// Fires now, as its loop would once the time is up.
        @ServerLoopActor func fire() {
            let action = state.withLock { state in
                state.armedFor = nil
                return state.action
            }
            action?()
        }
    }

    /// The parity rig, its steward and the host, on one protocol's vocabulary.
    @ServerLoopActor
    final class Bench {
        let rig: EnforcementCoreParityTests.Rig
        let host = RecordingHost()
        let timer = HandTimer()
        let steward: EchoCancellerSteward

        init(_ rig: EnforcementCoreParityTests.Rig) {
            self.rig = rig
            steward = EchoCancellerSteward(
                host: host, table: rig.table, movesUnlinkedStreams: rig.vocabulary == .pipewire, logger: Logger(label: "test.cancellers"))
            let timer = timer
            steward.begin(mover: rig) { action in
                timer.setAction(action)
                return timer
            }
            rig.table.graph.sources[rig.vocabulary.firstDevice + 10] = SoundDevice(
                kind: .source, index: rig.vocabulary.firstDevice + 10, name: EchoCancellerStewardTests.mic, description: "Microphone")
        }

        var configuration: NativeEchoCancellerConfiguration? { host.configurations[EchoCancellerStewardTests.canceller.id] }

        /// The canceller's sink and source show in the graph.
        func cancellerDevicesAppear() {
            guard let configuration else { return }
            let first = rig.vocabulary.firstDevice + 20
            rig.table.graph.sinks[first] = SoundDevice(kind: .sink, index: first, name: configuration.module.sinkName, description: "Echo-Cancel Sink")
            rig.table.graph.sources[first + 1] = SoundDevice(
                kind: .source, index: first + 1, name: configuration.module.sourceName, description: "Echo-Cancel Source")
            steward.devicesAppeared()
        }

        /// The server shows the stream on the device with index `device` (`nil`: not linked).
        func show(onDevice device: UInt32?) {
            guard var stream = rig.table.stream(rig.id) else { return }
            stream.deviceIndex = device
            rig.table.graph.sinkInputs[stream.index] = stream
            steward.streamChanged(rig.table.store(stream), stream)
        }

        /// The agent's call runs through the canceller, which the engine then no longer needs.
        func callOnCancellerUnloaded() {
            let id = EchoCancellerStewardTests.canceller.id
            steward.load(EchoCancellerStewardTests.canceller)
            cancellerDevicesAppear()
            steward.move(rig.id, onto: id)
            show(onDevice: cancellerSinkIndex)
            steward.unload(id)
        }

        /// The index of the canceller's sink in the graph.
        var cancellerSinkIndex: UInt32 { rig.vocabulary.firstDevice + 20 }
    }

    /// Runs `steps` on a bench of each vocabulary, each with its own journal; returns the host's
    /// requests, the core's commands and what the journal holds.
    static func onBoth(
        _ steps: @ServerLoopActor (Bench) throws -> Void
    ) throws -> [Vocabulary: (requests: [String], commands: [String], journalled: [String])] {
        var outcomes: [Vocabulary: (requests: [String], commands: [String], journalled: [String])] = [:]
        for vocabulary in Vocabulary.allCases {
            try JournalTemporaryDirectory.with { temporary in
                let journal = try Journal.open(serverInstance: "test:\(vocabulary)", in: temporary.journalDirectory)
                outcomes[vocabulary] = try onTheServerLoop {
                    let bench = Bench(EnforcementCoreParityTests.Rig(vocabulary, journal: journal))
                    try steps(bench)
                    return (bench.host.requests, bench.rig.recorder.commands, bench.rig.journalled)
                }
            }
        }
        return outcomes
    }

    static var sinkName: String { EchoCancellerModule(canceller: canceller, instance: EchoCancellerSteward.instance).sinkName }

    @Test("a session's stream waits for the canceller's devices, then goes onto its sink, journalled with its own device")
    func streamWaitsForTheDevices() throws {
        var beforeReady: [Vocabulary: [String]] = [:]
        let outcomes = try Self.onBoth { bench in
            bench.steward.load(Self.canceller)
            bench.steward.move(bench.rig.id, onto: Self.canceller.id)
            beforeReady[bench.rig.vocabulary] = bench.rig.recorder.commands
            bench.cancellerDevicesAppear()
        }
        #expect(outcomes[.pulse]?.commands == outcomes[.pipewire]?.commands)
        for (vocabulary, outcome) in outcomes {
            #expect(beforeReady[vocabulary] == [], "\(vocabulary): nothing moves before the devices exist")
            #expect(outcome.requests == ["start call-1 on \(Self.speaker), \(Self.mic)"], "\(vocabulary)")
            #expect(outcome.commands == ["target \(Self.sinkName)"], "\(vocabulary)")
            #expect(outcome.journalled.last == "device \(Self.speaker)", "\(vocabulary)")
        }
    }

    @Test("a stream the server has not linked: natively it goes at once, its master as its own; on the pulse protocol once it is linked")
    func unlinkedStream() throws {
        var beforeLink: [Vocabulary: [String]] = [:]
        let outcomes = try Self.onBoth { bench in
            bench.steward.load(Self.canceller)
            bench.cancellerDevicesAppear()
            bench.show(onDevice: nil)
            bench.steward.move(bench.rig.id, onto: Self.canceller.id)
            beforeLink[bench.rig.vocabulary] = bench.rig.recorder.commands
            bench.show(onDevice: bench.rig.vocabulary.firstDevice + 1)
        }
        #expect(beforeLink[.pipewire] == ["target \(Self.sinkName)"])
        #expect(beforeLink[.pulse] == [])
        #expect(outcomes[.pulse]?.commands == ["target \(Self.sinkName)"], "moved once the server linked it")
        #expect(outcomes[.pulse]?.journalled.last == "device \(EnforcementCoreParityTests.headset)")
        #expect(outcomes[.pipewire]?.commands == ["target \(Self.sinkName)"], "not moved a second time")
        #expect(outcomes[.pipewire]?.journalled.last == "device \(Self.speaker)")
    }

    @Test("a canceller the engine no longer needs ends once its streams have left it, not before")
    func endsOnceVacated() throws {
        var whileCarrying: [Vocabulary: (requests: [String], armed: Duration?)] = [:]
        let outcomes = try Self.onBoth { bench in
            bench.callOnCancellerUnloaded()
            whileCarrying[bench.rig.vocabulary] = (bench.host.requests, bench.timer.armedFor)
            bench.show(onDevice: bench.rig.vocabulary.firstDevice)
        }
        #expect(outcomes[.pulse]?.requests == outcomes[.pipewire]?.requests)
        for (vocabulary, outcome) in outcomes {
            #expect(whileCarrying[vocabulary]?.requests.contains("end call-1") == false, "\(vocabulary): its stream is still on it")
            #expect(whileCarrying[vocabulary]?.armed == EchoCancellerSteward.vacancyGrace, "\(vocabulary)")
            #expect(outcome.requests.last == "end call-1", "\(vocabulary): ended once the stream left")
        }
    }

    @Test("a stream the agent moved onto a canceller holds an unneeded one while the server shows it between devices")
    func streamBetweenDevicesHoldsIt() throws {
        var betweenDevices: [Vocabulary: [String]] = [:]
        let outcomes = try Self.onBoth { bench in
            bench.callOnCancellerUnloaded()
            // pipewire-pulse moving it: no device for a moment.
            bench.show(onDevice: nil)
            betweenDevices[bench.rig.vocabulary] = bench.host.requests
            bench.show(onDevice: bench.rig.vocabulary.firstDevice)
        }
        for (vocabulary, outcome) in outcomes {
            #expect(betweenDevices[vocabulary]?.contains("end call-1") == false, "\(vocabulary): it may be on its way off it")
            #expect(outcome.requests.last == "end call-1", "\(vocabulary): ended once the stream is shown elsewhere")
        }
    }

    @Test("a stream nobody moves off holds the canceller only until the grace is over; one no stream goes through ends at once")
    func graceAndVacantCanceller() throws {
        let outcomes = try Self.onBoth { bench in
            bench.steward.load(Self.canceller)
            bench.cancellerDevicesAppear()
            bench.show(onDevice: bench.cancellerSinkIndex)
            bench.steward.unload(Self.canceller.id)
            bench.timer.fire()
            bench.show(onDevice: bench.rig.vocabulary.firstDevice)
            bench.steward.load(Self.canceller)
            bench.steward.unload(Self.canceller.id)
        }
        for (vocabulary, outcome) in outcomes {
            #expect(
                outcome.requests == [
                    "start call-1 on \(Self.speaker), \(Self.mic)", "end call-1", "start call-1 on \(Self.speaker), \(Self.mic)", "end call-1",
                ], "\(vocabulary)")
        }
    }

    @Test("a stopping agent ends every canceller and a previous agent's; after that nothing starts")
    func stopping() throws {
        let outcomes = try Self.onBoth { bench in
            bench.steward.load(Self.canceller)
            bench.cancellerDevicesAppear()
            bench.show(onDevice: bench.cancellerSinkIndex)
            bench.steward.unload(Self.canceller.id)
            #expect(bench.timer.armedFor == EchoCancellerSteward.vacancyGrace, "its stream holds it")
            let counter = WorkCounter { _ in }
            bench.steward.endLeftovers(counter: counter)
            bench.steward.endAll(counter: counter)
            counter.sealed()
            bench.steward.load(Self.canceller)
            #expect(bench.timer.armedFor == nil, "the grace timer is off")
        }
        for (vocabulary, outcome) in outcomes {
            #expect(outcome.requests == ["start call-1 on \(Self.speaker), \(Self.mic)", "end leftovers", "end call-1"], "\(vocabulary)")
        }
    }
}

extension EnforcementCoreParityTests.Rig: EchoCancellerMover {}
