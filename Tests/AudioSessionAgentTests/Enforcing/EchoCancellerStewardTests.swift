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
        private weak var owner: (any EchoCancellerOwner)?

        func begin(owner: any EchoCancellerOwner) { self.owner = owner }

        func start(_ configuration: NativeEchoCancellerConfiguration) {
            configurations[configuration.module.canceller.id] = configuration
            requests.append("start \(configuration.module.canceller.id) on \(configuration.playbackMaster), \(configuration.captureMaster)")
        }

        func isReady(_ id: EchoCancellerID) -> Bool { ready.contains(id) }

        func devicesAppeared() {
            for (id, configuration) in configurations where !ready.contains(id) && owner?.echoCancellerDevicesExist(configuration) == true {
                ready.insert(id)
                owner?.echoCancellerReady(id)
            }
        }

        /// The canceller's devices never appeared.
        func giveUp(_ id: EchoCancellerID) {
            configurations[id] = nil
            requests.append("gave up \(id)")
            owner?.echoCancellerGaveUp(id)
        }

        func end(_ id: EchoCancellerID) {
            guard configurations[id] != nil else { return }
            configurations[id] = nil
            requests.append("end \(id)")
        }

        func endAll(counter: WorkCounter) {
            for id in configurations.keys.sorted() { end(id) }
        }

        func endLeftovers(counter: WorkCounter) { requests.append("end leftovers") }

        func abandon() { requests.append("abandon") }
    }

    /// The parity rig, its steward and the host, on one protocol's vocabulary.
    @ServerLoopActor
    final class Bench {
        let rig: EnforcementCoreParityTests.Rig
        let host = RecordingHost()
        let steward: EchoCancellerSteward

        init(_ rig: EnforcementCoreParityTests.Rig) {
            self.rig = rig
            steward = EchoCancellerSteward(
                host: host, table: rig.table, movesUnlinkedStreams: rig.vocabulary == .pipewire, logger: Logger(label: "test.cancellers"))
            steward.begin(mover: rig)
            rig.table.graph.sources[rig.vocabulary.firstDevice + 10] = SoundDevice(
                kind: .source, index: rig.vocabulary.firstDevice + 10, name: EchoCancellerStewardTests.mic, description: "Microphone")
        }

        /// The canceller's sink and source show in the graph (`offset` apart from the first's).
        func cancellerDevicesAppear(_ id: EchoCancellerID = EchoCancellerStewardTests.canceller.id, offset: UInt32 = 0) {
            guard let configuration = host.configurations[id] else { return }
            let first = rig.vocabulary.firstDevice + 20 + offset
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

        /// The stream ends.
        func streamEnds() {
            guard let stream = rig.table.stream(rig.id), let ref = rig.table.remove(stream) else { return }
            rig.table.graph.sinkInputs[stream.index] = nil
            steward.streamVanished(ref)
        }

        /// The index of the sink of the canceller whose devices appeared `offset` apart from the first's.
        func cancellerSinkIndex(offset: UInt32 = 0) -> UInt32 { rig.vocabulary.firstDevice + 20 + offset }
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

    static let onHeadset = EchoCanceller(
        id: "call-2", playbackMaster: DeviceID("sink:\(EnforcementCoreParityTests.headset)"), captureMaster: DeviceID("source:\(mic)"),
        settings: EchoCancellerSettings(kind: .webrtc))

    static var headsetSinkName: String { EchoCancellerModule(canceller: onHeadset, instance: EchoCancellerSteward.instance).sinkName }

    @Test("a route change: the old canceller ends once the server shows the call on the new one")
    func routeChange() throws {
        var beforeReady: [Vocabulary: [String]] = [:]
        var beforeShown: [Vocabulary: [String]] = [:]
        let outcomes = try Self.onBoth { bench in
            bench.steward.load(Self.canceller)
            bench.cancellerDevicesAppear()
            bench.steward.move(bench.rig.id, onto: Self.canceller.id)
            bench.show(onDevice: bench.cancellerSinkIndex())
            bench.steward.load(Self.onHeadset)
            bench.steward.move(bench.rig.id, onto: Self.onHeadset.id)
            bench.steward.unload(Self.canceller.id)
            beforeReady[bench.rig.vocabulary] = bench.host.requests
            bench.cancellerDevicesAppear(Self.onHeadset.id, offset: 2)
            beforeShown[bench.rig.vocabulary] = bench.host.requests
            bench.show(onDevice: bench.cancellerSinkIndex(offset: 2))
        }
        #expect(outcomes[.pulse]?.requests == outcomes[.pipewire]?.requests)
        #expect(outcomes[.pulse]?.commands == outcomes[.pipewire]?.commands)
        for (vocabulary, outcome) in outcomes {
            #expect(beforeReady[vocabulary]?.contains("end call-1") == false, "\(vocabulary): the call is still on it")
            #expect(beforeShown[vocabulary]?.contains("end call-1") == false, "\(vocabulary): the call is on its way")
            #expect(outcome.requests.last == "end call-1", "\(vocabulary)")
            #expect(outcome.commands == ["target \(Self.sinkName)", "target \(Self.headsetSinkName)"], "\(vocabulary)")
            #expect(outcome.journalled.last == "device \(Self.speaker)", "\(vocabulary): its own device, behind the first canceller")
        }
    }

    @Test("a route change while the server relinks the call: the old canceller waits for the link, the move, and the call on the new one")
    func routeChangeWhileUnlinked() throws {
        var atReady: [Vocabulary: (requests: [String], commands: [String])] = [:]
        var atLink: [Vocabulary: [String]] = [:]
        let outcomes = try Self.onBoth { bench in
            bench.steward.load(Self.canceller)
            bench.cancellerDevicesAppear()
            bench.steward.move(bench.rig.id, onto: Self.canceller.id)
            bench.steward.load(Self.onHeadset)
            bench.steward.move(bench.rig.id, onto: Self.onHeadset.id)
            bench.steward.unload(Self.canceller.id)
            // The server is still taking the call to the first canceller: the stream has no device.
            bench.show(onDevice: nil)
            bench.cancellerDevicesAppear(Self.onHeadset.id, offset: 2)
            atReady[bench.rig.vocabulary] = (bench.host.requests, bench.rig.recorder.commands)
            bench.show(onDevice: bench.cancellerSinkIndex())
            atLink[bench.rig.vocabulary] = bench.host.requests
            bench.show(onDevice: bench.cancellerSinkIndex(offset: 2))
        }
        let toFirst = "target \(Self.sinkName)"
        let toSecond = "target \(Self.headsetSinkName)"
        #expect(atReady[.pulse]?.commands == [toFirst], "the pulse protocol moves it once it is linked")
        #expect(atReady[.pipewire]?.commands == [toFirst, toSecond], "natively its target is set at once")
        for (vocabulary, outcome) in outcomes {
            #expect(atReady[vocabulary]?.requests.contains("end call-1") == false, "\(vocabulary): the call is not on the new one")
            #expect(atLink[vocabulary]?.contains("end call-1") == false, "\(vocabulary): the call is on its way")
            #expect(outcome.commands == [toFirst, toSecond], "\(vocabulary)")
            #expect(outcome.requests.last == "end call-1", "\(vocabulary)")
        }
    }

    @Test("a route change whose call ends on its way: the old canceller ends with the stream")
    func routeChangeCallEnds() throws {
        var beforeEnd: [Vocabulary: [String]] = [:]
        let outcomes = try Self.onBoth { bench in
            bench.steward.load(Self.canceller)
            bench.cancellerDevicesAppear()
            bench.steward.move(bench.rig.id, onto: Self.canceller.id)
            bench.show(onDevice: bench.cancellerSinkIndex())
            bench.steward.load(Self.onHeadset)
            bench.steward.move(bench.rig.id, onto: Self.onHeadset.id)
            bench.steward.unload(Self.canceller.id)
            bench.cancellerDevicesAppear(Self.onHeadset.id, offset: 2)
            beforeEnd[bench.rig.vocabulary] = bench.host.requests
            bench.streamEnds()
        }
        for (vocabulary, outcome) in outcomes {
            #expect(beforeEnd[vocabulary]?.contains("end call-1") == false, "\(vocabulary)")
            #expect(outcome.requests.last == "end call-1", "\(vocabulary)")
        }
    }

    @Test("a canceller no other one succeeds ends at once, whatever stream is on it; one waiting for a successor that gives up ends then")
    func endsAtOnceOrWithAFailedSuccessor() throws {
        let outcomes = try Self.onBoth { bench in
            bench.steward.load(Self.canceller)
            bench.cancellerDevicesAppear()
            bench.show(onDevice: bench.cancellerSinkIndex())
            bench.steward.unload(Self.canceller.id)
            bench.steward.load(Self.canceller)
            bench.cancellerDevicesAppear()
            bench.steward.load(Self.onHeadset)
            bench.steward.move(bench.rig.id, onto: Self.onHeadset.id)
            bench.steward.unload(Self.canceller.id)
            bench.host.giveUp(Self.onHeadset.id)
        }
        let start1 = "start call-1 on \(Self.speaker), \(Self.mic)"
        let start2 = "start call-2 on \(EnforcementCoreParityTests.headset), \(Self.mic)"
        for (vocabulary, outcome) in outcomes {
            #expect(outcome.requests == [start1, "end call-1", start1, start2, "gave up call-2", "end call-1"], "\(vocabulary)")
        }
    }

    @Test("a stopping agent ends a previous agent's cancellers and all of its own, one waiting for a successor too; after that nothing starts")
    func stopping() throws {
        let outcomes = try Self.onBoth { bench in
            bench.steward.load(Self.canceller)
            bench.cancellerDevicesAppear()
            bench.steward.load(Self.onHeadset)
            bench.steward.move(bench.rig.id, onto: Self.onHeadset.id)
            bench.steward.unload(Self.canceller.id)
            let counter = WorkCounter { _ in }
            bench.steward.endLeftovers(counter: counter)
            bench.steward.endAll(counter: counter)
            counter.sealed()
            bench.steward.load(Self.canceller)
        }
        for (vocabulary, outcome) in outcomes {
            #expect(
                outcome.requests == [
                    "start call-1 on \(Self.speaker), \(Self.mic)", "start call-2 on \(EnforcementCoreParityTests.headset), \(Self.mic)",
                    "end leftovers", "end call-1", "end call-2",
                ], "\(vocabulary): the one waiting for its successor too")
        }
    }
}

extension EnforcementCoreParityTests.Rig: EchoCancellerMover {}
