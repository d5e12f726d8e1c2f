import AudioPolicy
import Foundation
import Logging
import SoundServer
import Testing

@testable import AudioSessionAgent

/// The enforcement core against a recording actuator, once with a stream and devices as the pulse
/// protocol shows them (a sink input, module-stream-restore's entry names) and once as native
/// PipeWire shows them (a node with its own serial, WirePlumber's restore keys): the same
/// decisions and the same server states give the same commands, and the journal keeps the same.
@Suite("Enforcement core: the same commands on both protocols' vocabularies")
struct EnforcementCoreParityTests {
    /// What each protocol's mirror shows of one music stream and three devices.
    enum Vocabulary: CaseIterable, CustomStringConvertible {
        case pulse, pipewire

        var description: String { self == .pulse ? "pulse protocol" : "native PipeWire" }

        var stream: SoundStream {
            switch self {
            case .pulse:
                SoundStream(
                    kind: .playback, index: 12, name: "Playback", deviceIndex: 0,
                    properties: ["media.role": "music", "application.name": "mpv"])
            case .pipewire:
                SoundStream(
                    kind: .playback, index: 57, serial: 1204, name: "mpv", deviceIndex: 40,
                    properties: ["media.class": "Stream/Output/Audio", "media.role": "Music", "node.name": "mpv"])
            }
        }

        /// The first device index: pulse numbers sinks from 0, PipeWire gives nodes global ids.
        var firstDevice: UInt32 { self == .pulse ? 0 : 40 }

        /// The name under which the protocol's server saves the stream, as its actuator says it.
        func restoreEntryName(of stream: SoundStream) -> String? {
            self == .pulse ? RestoreEntryName.of(stream) : WirePlumberRestoreKey(stream.properties)?.rawValue
        }
    }

    static let speaker = "alsa_output.pci-0000_00_1f.3.analog-stereo"
    static let headset = "bluez_output.00_1B_66_0A_2C_F1.1"
    static let usb = "alsa_output.usb-Generic_USB_Audio-00.analog-stereo"
    static let canceller = EchoCancellerModule.devicePrefix + "4711.call-1.sink"

    /// Takes the core's commands down, in order; refuses them while `refuses` is set.
    @ServerLoopActor
    final class RecordingActuator: StreamActuator {
        let vocabulary: Vocabulary
        var deviceChoiceModule: String?
        var reachesNodes: Bool { vocabulary == .pipewire }
        var answersCommands: Bool { vocabulary == .pulse }
        var refuses = false
        var commands: [String] = []
        /// The stream's volume as a pulse server shows it: what was written last, or the user's.
        var shownVolume = StreamVolume([65536, 65536])

        init(_ vocabulary: Vocabulary) { self.vocabulary = vocabulary }

        func readLevel(of ref: ServerStreamRef, then done: @escaping @ServerLoopActor @Sendable (LevelReading) -> Void) {
            guard vocabulary == .pulse else { return done(.agentsOwn) }
            var stream = vocabulary.stream
            stream.volume = ChannelVolumes(shownVolume)
            done(.shown(.streamVolume(shownVolume), stream))
        }

        func restoreEntryName(of stream: SoundStream) -> String? { vocabulary.restoreEntryName(of: stream) }
        func canTarget(_ name: String, kind: SoundDevice.Kind) -> Bool { true }

        func setLevel(_ level: LevelBase, of ref: ServerStreamRef, then done: @escaping Completion) {
            commands.append("level \(level)")
            if !refuses, let volume = level.streamVolume { shownVolume = volume }
            done(!refuses)
        }

        func setMuted(_ muted: Bool, of ref: ServerStreamRef, then done: @escaping Completion) {
            commands.append(muted ? "mute" : "unmute")
            done(!refuses)
        }

        func setPlaying(_ playing: Bool, of ref: ServerStreamRef, then done: @escaping Completion) {
            commands.append(playing ? "start" : "pause")
            done(!refuses)
        }

        func setTarget(_ device: String, of ref: ServerStreamRef, then done: @escaping Completion) {
            commands.append("target \(device)")
            done(!refuses)
        }

        func clearTarget(of ref: ServerStreamRef, backTo original: String, then done: @escaping Completion) {
            commands.append("clear target, back to \(original)")
            done(!refuses)
        }

        func setDefault(_ device: String, kind: SoundDevice.Kind) { commands.append("default \(kind.rawValue) \(device)") }
    }

    /// The core's target part over one stream table, keeping original devices as an enforcer does.
    @ServerLoopActor
    final class Rig: EnforcementCore {
        let recorder: RecordingActuator
        var actuator: any StreamActuator { recorder }
        let table: ServerStreamTable
        let journal: Journal
        let logger = Logger(label: "test.targets")
        var enforced: [StreamSerial: EnforcedStream] = [:]
        var reached: [StreamSerial] = []
        /// The restore-store repairs the core asked of the protocol, in order.
        var repairs: [String] = []
        let id: StreamID

        init(_ vocabulary: Vocabulary, journal: Journal, onDevice device: String = EnforcementCoreParityTests.speaker) {
            recorder = RecordingActuator(vocabulary)
            self.journal = journal
            table = ServerStreamTable(instance: ServerInstance(rawValue: "test:\(vocabulary)"))
            let first = vocabulary.firstDevice
            table.graph = Graph(
                sinks: [
                    first: SoundDevice(kind: .sink, index: first, name: device, description: "Speakers"),
                    first + 1: SoundDevice(kind: .sink, index: first + 1, name: EnforcementCoreParityTests.headset, description: "Headset"),
                    first + 2: SoundDevice(kind: .sink, index: first + 2, name: EnforcementCoreParityTests.usb, description: "USB"),
                ],
                sinkInputs: [vocabulary.stream.index: vocabulary.stream])
            id = table.store(vocabulary.stream).id
        }

        var serial: StreamSerial { table.ref(of: vocabulary.stream.id)?.serial ?? 0 }
        var vocabulary: Vocabulary { recorder.vocabulary }

        /// Ramps are stepped by the test (``tick()``), not by a timer.
        var ticker: (any LoopTimer)? { nil }

        /// A duck starts from the user's level as the protocol knows it: the stream's volume, or
        /// the node's own factor.
        func startDuck(of state: inout EnforcedStream, _ stream: SoundStream, level: Double, rampMilliseconds: Int) -> StreamDuck? {
            guard level < 1 else { return nil }
            let shown: LevelBase = vocabulary == .pulse ? .streamVolume(recorder.shownVolume) : .nodeFactor(1)
            return StreamDuck(serial: state.ref.serial, shown: shown)
        }

        /// As the enforcers read it: the pulse protocol's stream volume is the user's slider too.
        func userLevel(shownBy stream: SoundStream) -> LevelBase? {
            vocabulary == .pulse ? .streamVolume(StreamVolume(stream.volume)) : nil
        }

        /// The rig's stream inherits nothing from a restore store: what is owed is asserted through ``owed``.
        func checkProtocolWatches(_ ref: ServerStreamRef, showing stream: SoundStream) {}
        func forgetInheritance(of ref: ServerStreamRef) {}

        func levelSettled(_ state: EnforcedStream, restored: Bool) { repairs.append(restored ? "settled, restored" : "settled, ducked") }

        func targetReached(_ ref: ServerStreamRef) { reached.append(ref.serial) }
        func userChoseMute(of ref: ServerStreamRef) { recorder.commands.append("(the user chose)") }

        func repairRestoreStore(ofRestored ref: ServerStreamRef, _ stream: SoundStream, journalled restores: [PendingRestore]) {
            repairs.append("restored stream")
        }

        func repairRestoreStore(
            ofEnded serial: StreamSerial, journalled restores: [PendingRestore], then done: @escaping @ServerLoopActor @Sendable (Bool) -> Void
        ) {
            repairs.append("ended stream \(serial)")
            done(!recorder.refuses)
        }

        func undid(_ state: EnforcedStream) { repairs.append("undid stream") }

        func repairRestoreStore(ofVanished state: EnforcedStream, then done: @escaping @ServerLoopActor @Sendable (Bool) -> Void) {
            repairs.append("vanished stream")
            done(!recorder.refuses)
        }

        var owedToNextStream: [String: OwedStreamValues] = [:]
        var recentRepairs = RecentRepairs<String, OwedStreamValues>()
        var owedWatches: [StreamSerial: OwedValuesWatch] = [:]

        /// As both enforcers say it, each level in its own vocabulary: the user's level under the
        /// duck, the mute state the agent's mute replaced, the device before the move.
        func restoreStoreValues(of state: EnforcedStream) -> (entry: String, values: OwedStreamValues)? {
            guard let entry = vocabulary.restoreEntryName(of: state.last) else { return nil }
            return (entry, OwedStreamValues(level: state.duck?.base, userMute: state.owedMute, device: state.movedFrom))
        }

        /// What the agent would hand the next one if the server went away now, in words both
        /// vocabularies share (the entry's name aside).
        var handedOver: [String] {
            owedRestoreRepairs().sorted { $0.key < $1.key }.map { _, owed in
                let level = owed.level.map { $0.streamVolume == StreamVolume([65536, 65536]) || $0.nodeFactor == 1 ? "the user's level" : "\($0)" }
                let mute = owed.userMute.map { $0 ? "muted" : "unmuted" }
                return [level, mute, owed.device].compactMap { $0 }.joined(separator: ", ")
            }
        }

        /// Both protocols' servers here keep the agent's values for the next stream (WirePlumber 0.5).
        func nextStreamKey(of state: EnforcedStream) -> String? { vocabulary.restoreEntryName(of: state.last) }

        /// What restore entries owe their next stream, in words both vocabularies share.
        var owed: [String] {
            owedToNextStream.sorted { $0.key < $1.key }.map { _, owed in
                let what = [owed.duckLevel.map { "the user's level under a duck at \($0)" }, owed.unmute ? "unmute" : nil]
                return "owed its next stream: " + what.compactMap { $0 }.joined(separator: ", ")
            }
        }

        func userMute(of state: EnforcedStream, _ stream: SoundStream) -> Bool {
            state.pauseMute != nil ? false : state.unsilencingTo ?? stream.isMuted
        }

        /// As the native enforcer pauses: journalled first, then the node's Pause, and its mute
        /// unless the user had muted it.
        func pause(_ state: EnforcedStream, _ stream: SoundStream) -> Bool {
            let userMuted = userMute(of: state, stream)
            guard record(.silence(state.ref.serial, by: userMuted ? .pause : .pauseAndMute), of: state.ref, stream) else { return false }
            var paused = state
            paused.isPaused = true
            paused.pauseMute = userMuted ? nil : SilenceMuteWatch(answered: true, since: .now)
            enforced[state.ref.serial] = paused
            actuator.setPlaying(false, of: state.ref)
            if !userMuted { actuator.setMuted(true, of: state.ref) }
            return true
        }

        func unpause(_ ref: ServerStreamRef) {
            enforced[ref.serial]?.isPaused = false
            enforced[ref.serial]?.pauseMute = nil
            actuator.setPlaying(true, of: ref)
        }

        func start(_ state: EnforcedStream, _ stream: SoundStream, resume: Bool) {
            enforced[state.ref.serial]?.isPaused = false
            if state.pauseMute != nil {
                enforced[state.ref.serial]?.pauseMute = nil
                actuator.setMuted(false, of: state.ref)
            }
            clear(.silence(state.ref.serial))
            forgetIfIdle(state.ref.serial)
            actuator.setPlaying(true, of: state.ref)
        }

        func askPlayer(_ request: PlayerRequest) {
            switch request {
            case .pause: recorder.commands.append("player: pause")
            case .resume: recorder.commands.append("player: resume")
            case .release: recorder.commands.append("player: release")
            }
        }

        /// The server shows the stream gone.
        func vanish() {
            guard let stream = table.stream(id), let ref = table.ref(of: stream.id) else { return }
            heldStreamEnded(ref, last: stream)
        }

        /// Recovery, as an enforcer runs it once the grace period is over.
        func recover() {
            let counter = WorkCounter { _ in }
            restorePending(keeping: enforced, counter: counter)
            counter.sealed()
        }

        /// Undo-all, as an enforcer runs it when the agent stops: its own streams, then the rest
        /// of the journal; whether every command was taken.
        func undoEverything() -> Bool {
            let outcome = UndoOutcome()
            let counter = WorkCounter { allTaken in outcome.allTaken = allTaken }
            let undone = undoEnforced(counter: counter)
            restorePending(keeping: undone, counter: counter)
            counter.sealed()
            return outcome.allTaken == true
        }

        /// Silences the stream by its mute on both protocols: the app muted its input, which
        /// mutes natively too and asks no player to pause.
        func silenceByMute() {
            silence(id, cause: .inputMuted, sessionProcess: nil)
        }

        /// The server shows the stream muted or not, as an enforcer hears of a stream's change.
        func show(muted: Bool) {
            guard var stream = table.stream(id) else { return }
            stream.isMuted = muted
            reconcile(table.store(stream), showing: stream)
        }

        /// The server shows the stream at `volume`, as an enforcer hears of a stream's change.
        func show(volume: StreamVolume) {
            guard var stream = table.stream(id) else { return }
            stream.volume = ChannelVolumes(volume)
            reconcile(table.store(stream), showing: stream)
        }

        /// The journal's pending entries with the stream's serial taken out, to compare protocols.
        var journalled: [String] {
            journal.pendingRestores.map { restore in
                switch restore {
                case .device(_, let original): "device \(original)"
                case .restoreEntry(_, let name): "restore entry \(name)"
                case .silence(_, .mute(let wasMuted)): "silence by mute, the user's: \(wasMuted ? "muted" : "unmuted")"
                case .silence(_, .pause): "silence by pause"
                case .silence(_, .pauseAndMute): "silence by pause and mute"
                case .volume(_, _, let level?): "ducked to \(level)"
                case .volume(_, _, nil): "the user's level"
                default: "\(restore.key)"
                }
            }
        }
    }

    /// What an undo's counter reported.
    @ServerLoopActor
    final class UndoOutcome {
        var allTaken: Bool?
    }

    /// Runs `steps` on a rig of each vocabulary, each with its own journal.
    static func onBoth(
        onDevice device: String = speaker, prepare: @ServerLoopActor (Rig) throws -> Void = { _ in },
        _ steps: @ServerLoopActor (Rig) throws -> Void
    ) throws -> [Vocabulary: (commands: [String], journalled: [String], reached: Int)] {
        var outcomes: [Vocabulary: (commands: [String], journalled: [String], reached: Int)] = [:]
        for vocabulary in Vocabulary.allCases {
            try JournalTemporaryDirectory.with { temporary in
                let journal = try Journal.open(serverInstance: "test:\(vocabulary)", in: temporary.journalDirectory)
                outcomes[vocabulary] = try onTheServerLoop {
                    let rig = Rig(vocabulary, journal: journal, onDevice: device)
                    try prepare(rig)
                    try steps(rig)
                    return (rig.recorder.commands, rig.journalled, rig.reached.count)
                }
            }
        }
        return outcomes
    }

    @Test("a move, a second move and the unmove: the stream goes back to its own device, the journal empties")
    func moveAndBack() throws {
        var midway: [Vocabulary: [String]] = [:]
        let outcomes = try Self.onBoth { rig in
            rig.move(rig.id, to: DeviceID("sink:\(Self.headset)"))
            rig.move(rig.id, to: DeviceID("sink:\(Self.usb)"))
            midway[rig.vocabulary] = rig.journalled
            rig.unmove(rig.id)
        }
        for (vocabulary, outcome) in outcomes {
            #expect(
                outcome.commands == ["target \(Self.headset)", "target \(Self.usb)", "clear target, back to \(Self.speaker)"],
                "\(vocabulary)")
            #expect(outcome.journalled == [], "\(vocabulary)")
            #expect(outcome.reached == 3, "\(vocabulary)")
        }
        #expect(midway[.pulse] == ["restore entry sink-input-by-media-role:music", "device \(Self.speaker)"])
        #expect(midway[.pipewire] == ["restore entry Output/Audio:media.role:Music", "device \(Self.speaker)"])
    }

    @Test("a move to the device the stream is on sends nothing and journals nothing")
    func moveToWhereItIs() throws {
        let outcomes = try Self.onBoth { rig in rig.move(rig.id, to: DeviceID("sink:\(Self.speaker)")) }
        for (vocabulary, outcome) in outcomes {
            #expect(outcome.commands == [], "\(vocabulary)")
            #expect(outcome.journalled == [], "\(vocabulary)")
        }
    }

    @Test("a move back the server refuses stays journalled, for the next agent to undo")
    func refusedUnmoveStaysJournalled() throws {
        let outcomes = try Self.onBoth { rig in
            rig.move(rig.id, to: DeviceID("sink:\(Self.headset)"))
            rig.recorder.refuses = true
            rig.unmove(rig.id)
        }
        #expect(outcomes[.pulse]?.commands == outcomes[.pipewire]?.commands)
        for (vocabulary, outcome) in outcomes {
            #expect(outcome.commands == ["target \(Self.headset)", "clear target, back to \(Self.speaker)"], "\(vocabulary)")
            #expect(outcome.journalled.last == "device \(Self.speaker)", "\(vocabulary)")
            #expect(outcome.reached == 1, "\(vocabulary)")
        }
    }

    @Test("a crashed agent's move: the journal's device is the one the stream goes back to")
    func crashedAgentsOriginal() throws {
        let outcomes = try Self.onBoth(onDevice: Self.headset) { rig in
            try rig.journal.record(.move(rig.serial, originalDevice: Self.usb))
        } _: { rig in
            rig.move(rig.id, to: DeviceID("sink:\(Self.speaker)"))
            rig.unmove(rig.id)
        }
        for (vocabulary, outcome) in outcomes {
            #expect(outcome.commands == ["target \(Self.speaker)", "clear target, back to \(Self.usb)"], "\(vocabulary)")
            #expect(outcome.journalled == [], "\(vocabulary)")
        }
    }

    @Test("a stream on another call's canceller has the device behind that canceller as its own")
    func behindAnotherCanceller() throws {
        let outcomes = try Self.onBoth(onDevice: Self.canceller) { rig in
            guard let stream = rig.table.stream(rig.id), let ref = rig.table.ref(of: stream.id) else { return }
            let ours = EchoCancellerModule.devicePrefix + "4711.call-2.sink"
            rig.send(ref, stream, to: ours, from: Self.canceller) { $0 == Self.canceller ? Self.usb : nil }
            rig.unmove(rig.id)
        }
        for (vocabulary, outcome) in outcomes {
            #expect(
                outcome.commands == ["target \(EchoCancellerModule.devicePrefix)4711.call-2.sink", "clear target, back to \(Self.usb)"],
                "\(vocabulary)")
        }
    }

    @Test("the default device, and nothing while a server module chooses devices")
    func defaultsAndDeviceChoiceModule() throws {
        let outcomes = try Self.onBoth { rig in
            rig.makeDefault(DeviceID("sink:\(Self.headset)"))
            rig.recorder.deviceChoiceModule = "module-switch-on-connect"
            rig.makeDefault(DeviceID("sink:\(Self.usb)"))
            rig.move(rig.id, to: DeviceID("sink:\(Self.usb)"))
        }
        for (vocabulary, outcome) in outcomes {
            #expect(outcome.commands == ["default sink \(Self.headset)"], "\(vocabulary)")
            #expect(outcome.journalled == [], "\(vocabulary)")
        }
    }

    @Test("a restore that races a silence's mute gets the mute again; the user's own unmute and mute stand")
    func silenceMuteWatch() throws {
        let outcomes = try Self.onBoth { rig in
            rig.silenceByMute()
            rig.show(muted: false)  // the server's saved state, applied over the mute
            rig.show(muted: true)
            rig.show(muted: false)  // the user
            rig.show(muted: true)  // the user again
        }
        #expect(outcomes[.pulse]?.commands == outcomes[.pipewire]?.commands)
        for (vocabulary, outcome) in outcomes {
            #expect(outcome.commands == ["mute", "mute", "(the user chose)", "(the user chose)"], "\(vocabulary)")
            #expect(outcome.journalled.last == "silence by mute, the user's: muted", "\(vocabulary)")
        }
    }

    @Test("a silence of a stream a crashed agent had muted takes the user's mute state from the journal, not the server")
    func silenceOverACrashedAgentsMute() throws {
        var putBack: [Vocabulary: Bool] = [:]
        let outcomes = try Self.onBoth { rig in
            try rig.journal.record(.silence(rig.serial, by: .mute(wasMuted: false)))
            rig.show(muted: true)  // the crashed agent's mute
            rig.silenceByMute()
            putBack[rig.vocabulary] = rig.enforced[rig.serial]?.silencedWasMuted
        }
        for (vocabulary, outcome) in outcomes {
            #expect(outcome.commands == ["mute"], "\(vocabulary)")
            #expect(putBack[vocabulary] == false, "what the unsilence puts back, \(vocabulary)")
            #expect(outcome.journalled.contains("silence by mute, the user's: unmuted"), "\(vocabulary)")
        }
    }

    @Test("a previous agent's journal: the live stream gets its mute and device back, an ended one its restore store, and the journal empties")
    func recoveryOfAPreviousAgentsJournal() throws {
        let outcomes = try Self.onBoth { rig in
            try rig.journal.record(.silence(rig.serial, by: .mute(wasMuted: false)))
            try rig.journal.record(.move(rig.serial, originalDevice: Self.usb))
            try rig.journal.record(.restoreEntry(9999, name: "an ended stream's"))
            try rig.journal.record(.silence(9999, by: .mute(wasMuted: false)))
        } _: { rig in
            rig.recover()
            rig.recorder.commands += rig.repairs
        }
        #expect(outcomes[.pulse]?.commands == outcomes[.pipewire]?.commands)
        for (vocabulary, outcome) in outcomes {
            #expect(
                outcome.commands == ["unmute", "clear target, back to \(Self.usb)", "restored stream", "ended stream 9999"], "\(vocabulary)")
            #expect(outcome.journalled == [], "\(vocabulary)")
        }
    }

    @Test("recovery leaves what the engine holds again: a stream silenced again keeps its silence entry, its journalled move is undone")
    func recoveryKeepsWhatTheEngineHolds() throws {
        let outcomes = try Self.onBoth { rig in
            try rig.journal.record(.silence(rig.serial, by: .mute(wasMuted: false)))
            try rig.journal.record(.move(rig.serial, originalDevice: Self.usb))
        } _: { rig in
            rig.silenceByMute()
            rig.recover()
            rig.recorder.commands += rig.repairs
        }
        #expect(outcomes[.pulse]?.commands == outcomes[.pipewire]?.commands)
        for (vocabulary, outcome) in outcomes {
            #expect(outcome.commands == ["mute", "clear target, back to \(Self.usb)"], "\(vocabulary)")
            #expect(outcome.journalled.contains("silence by mute, the user's: unmuted"), "\(vocabulary)")
            #expect(!outcome.journalled.contains("device \(Self.usb)"), "\(vocabulary)")
        }
    }

    @Test("undo-all: what the agent did and what an ended stream left go back, each once, and the journal empties")
    func undoAll() throws {
        var allTaken: [Vocabulary: Bool] = [:]
        let outcomes = try Self.onBoth { rig in
            try rig.journal.record(.restoreEntry(9999, name: "an ended stream's"))
            try rig.journal.record(.silence(9999, by: .mute(wasMuted: true)))
        } _: { rig in
            rig.move(rig.id, to: DeviceID("sink:\(Self.headset)"))
            rig.silenceByMute()
            allTaken[rig.vocabulary] = rig.undoEverything()
            rig.recorder.commands += rig.repairs
        }
        #expect(outcomes[.pulse]?.commands == outcomes[.pipewire]?.commands)
        for (vocabulary, outcome) in outcomes {
            #expect(
                outcome.commands == [
                    "target \(Self.headset)", "mute", "unmute", "clear target, back to \(Self.speaker)", "undid stream", "ended stream 9999",
                ], "\(vocabulary)")
            #expect(outcome.journalled == [], "\(vocabulary)")
            #expect(allTaken[vocabulary] == true, "\(vocabulary)")
        }
    }

    @Test("an undo-all the server refuses keeps every entry, for the next agent")
    func refusedUndoAllStaysJournalled() throws {
        var allTaken: [Vocabulary: Bool] = [:]
        let outcomes = try Self.onBoth { rig in
            rig.move(rig.id, to: DeviceID("sink:\(Self.headset)"))
            rig.silenceByMute()
            rig.recorder.refuses = true
            allTaken[rig.vocabulary] = rig.undoEverything()
        }
        for (vocabulary, outcome) in outcomes {
            #expect(outcome.commands.suffix(2) == ["unmute", "clear target, back to \(Self.speaker)"], "\(vocabulary)")
            #expect(outcome.journalled.contains("device \(Self.speaker)"), "\(vocabulary)")
            #expect(outcome.journalled.contains("silence by mute, the user's: unmuted"), "\(vocabulary)")
            #expect(allTaken[vocabulary] == false, "\(vocabulary)")
        }
    }

    @Test("a native agent's factor and Pause are undone where the protocol reaches nodes, and dropped where it cannot")
    func nodeChangesOnEachProtocol() throws {
        let outcomes = try Self.onBoth { rig in
            try rig.journal.record(.duck(rig.serial, base: .nodeFactor(0.8), level: 0.3))
            try rig.journal.record(.silence(rig.serial, by: .pause))
        } _: { rig in
            rig.recover()
        }
        #expect(outcomes[.pipewire]?.commands == ["level \(LevelBase.nodeFactor(0.8))", "start"])
        #expect(outcomes[.pulse]?.commands == [])
        for (vocabulary, outcome) in outcomes {
            #expect(outcome.journalled == [], "\(vocabulary)")
        }
    }

    @Test("a native agent's Pause and mute are undone by an unmute and a Start where the protocol reaches nodes, and dropped where it cannot")
    func pauseAndMuteOnEachProtocol() throws {
        let outcomes = try Self.onBoth { rig in
            try rig.journal.record(.silence(rig.serial, by: .pauseAndMute))
        } _: { rig in
            rig.recover()
        }
        #expect(outcomes[.pipewire]?.commands == ["unmute", "start"])
        #expect(outcomes[.pulse]?.commands == [])
        for (vocabulary, outcome) in outcomes {
            #expect(outcome.journalled == [], "\(vocabulary)")
        }
    }

    @Test("a held stream that ends owes its next stream and has its restore store repaired; its entries go only once the server took the repair")
    func heldStreamEnds() throws {
        for refused in [false, true] {
            let outcomes = try Self.onBoth { rig in
                rig.move(rig.id, to: DeviceID("sink:\(Self.headset)"))
                rig.silenceByMute()
                rig.recorder.refuses = refused
                rig.vanish()
                rig.vanish()  // a second end of it is nothing
                rig.recorder.commands += rig.owed + rig.repairs
            }
            #expect(outcomes[.pulse]?.commands == outcomes[.pipewire]?.commands)
            for (vocabulary, outcome) in outcomes {
                #expect(
                    outcome.commands == ["target \(Self.headset)", "mute", "owed its next stream: unmute", "vanished stream"],
                    "\(vocabulary), refused: \(refused)")
                #expect(outcome.journalled.isEmpty == !refused, "\(vocabulary), refused: \(refused)")
            }
        }
    }

    @Test("a silence and its unsilence by mute: journalled with the user's state, and over once the server shows that state again")
    func silenceAndUnsilence() throws {
        var midway: [Vocabulary: [String]] = [:]
        let outcomes = try Self.onBoth { rig in
            rig.silence(rig.id, cause: .unplugged, sessionProcess: nil)
            rig.show(muted: true)
            rig.unsilence(rig.id, resume: true)
            midway[rig.vocabulary] = rig.journalled
            rig.show(muted: false)
        }
        #expect(outcomes[.pulse]?.commands == outcomes[.pipewire]?.commands)
        for (vocabulary, outcome) in outcomes {
            #expect(outcome.commands == ["mute", "player: pause", "unmute", "player: resume"], "\(vocabulary)")
            #expect(midway[vocabulary]?.contains("silence by mute, the user's: unmuted") == true, "still shown muted, \(vocabulary)")
            #expect(outcome.journalled == [], "\(vocabulary)")
        }
    }

    @Test("an unmute of a node whose mute never showed waits until the node showed the mute and then the unmute; a node that ends first owes its next stream")
    func unmuteOfAMuteNeverShown() throws {
        var afterUnsilence: [Vocabulary: [String]] = [:]
        let outcomes = try Self.onBoth { rig in
            rig.silence(rig.id, cause: .unplugged, sessionProcess: nil)
            rig.unsilence(rig.id, resume: false)  // the table still shows the stream unmuted
            // A change from before the mute reached the node (its state, a ramp's step): natively
            // no sign of the unmute (soak seed 4242, round 16: the bed ended right after it).
            rig.show(muted: false)
            afterUnsilence[rig.vocabulary] = rig.journalled
            rig.vanish()
            rig.recorder.commands += rig.owed + rig.repairs
        }
        // The pulse protocol's answer comes after the server applied the mute and the unmute:
        // the stream shows the user's state, and the unsilence is over.
        #expect(afterUnsilence[.pulse] == [])
        #expect(outcomes[.pulse]?.commands == ["mute", "player: pause", "unmute", "player: release"])
        // A Props write has no answer: the table's unmuted node is from before the mute.
        #expect(afterUnsilence[.pipewire]?.last == "silence by mute, the user's: unmuted")
        #expect(
            outcomes[.pipewire]?.commands == [
                "mute", "player: pause", "unmute", "player: release", "owed its next stream: unmute", "vanished stream",
            ])
        for (vocabulary, outcome) in outcomes {
            #expect(outcome.journalled == [], "\(vocabulary)")
        }
    }

    @Test("natively an unsilence whose mute showed only after the unmute was sent is over once the node shows the mute and then the unmute")
    func unmuteAfterTheMuteShowsLate() throws {
        var waiting: [Vocabulary: [String]] = [:]
        let outcomes = try Self.onBoth { rig in
            rig.silence(rig.id, cause: .unplugged, sessionProcess: nil)
            rig.unsilence(rig.id, resume: false)
            rig.show(muted: true)  // the agent's mute, late
            waiting[rig.vocabulary] = rig.journalled
            rig.show(muted: false)  // then the unmute
        }
        #expect(waiting[.pulse] == [])
        #expect(waiting[.pipewire]?.last == "silence by mute, the user's: unmuted")
        for (vocabulary, outcome) in outcomes {
            #expect(outcome.commands == ["mute", "player: pause", "unmute", "player: release"], "\(vocabulary)")
            #expect(outcome.journalled == [], "\(vocabulary)")
        }
    }

    @Test("a silence decided while an unsilence is on its way keeps the user's state, not the agent's mute the server still shows")
    func silenceDuringUnsilence() throws {
        var putBack: [Vocabulary: Bool] = [:]
        let outcomes = try Self.onBoth { rig in
            rig.silenceByMute()
            rig.show(muted: true)
            rig.unsilence(rig.id, resume: false)
            rig.silenceByMute()  // before the server shows the unmute
            putBack[rig.vocabulary] = rig.enforced[rig.serial]?.silencedWasMuted
            rig.show(muted: false)  // the unsilence's unmute, late: not the user's
        }
        #expect(outcomes[.pulse]?.commands == outcomes[.pipewire]?.commands)
        for (vocabulary, outcome) in outcomes {
            #expect(outcome.commands == ["mute", "unmute", "player: release", "mute"], "\(vocabulary)")
            #expect(putBack[vocabulary] == false, "what the next unsilence puts back, \(vocabulary)")
            #expect(outcome.journalled.contains("silence by mute, the user's: unmuted"), "\(vocabulary)")
        }
    }

    @Test("a silence decided while an unsilence's unmute is not shown yet journals its own mechanism, and ends it alone")
    func silenceBeforeTheUnmuteShows() throws {
        var journalled: [Vocabulary: [String]] = [:]
        let outcomes = try Self.onBoth { rig in
            rig.silence(rig.id, cause: .unplugged, sessionProcess: nil)
            rig.show(muted: true)
            rig.unsilence(rig.id, resume: false)
            rig.silence(rig.id, cause: .interruption, sessionProcess: nil)  // before the unmute shows
            rig.show(muted: false)  // the unsilence's unmute, late
            journalled[rig.vocabulary] = rig.journalled
            rig.unsilence(rig.id, resume: false)
            rig.show(muted: false)
        }
        #expect(outcomes[.pulse]?.commands == ["mute", "player: pause", "unmute", "player: release", "mute", "player: pause", "unmute", "player: release"])
        // The unsilence's unmute, shown late, is taken for a restore over the Pause's mute, sent again.
        #expect(
            outcomes[.pipewire]?.commands == [
                "mute", "player: pause", "unmute", "player: release", "pause", "mute", "player: pause", "mute", "unmute", "start",
            ])
        // A crash before the second unsilence leaves the silence that holds to undo.
        #expect(journalled[.pulse]?.last == "silence by mute, the user's: unmuted")
        #expect(journalled[.pipewire]?.last == "silence by pause and mute")
        for (vocabulary, outcome) in outcomes {
            #expect(outcome.journalled == [], "\(vocabulary)")
        }
    }

    @Test("an interruption pauses a node where the protocol reaches nodes and mutes elsewhere; an unplug hold over the Pause mutes and starts it")
    func pauseOrMute() throws {
        var journalled: [Vocabulary: String] = [:]
        let outcomes = try Self.onBoth { rig in
            rig.silence(rig.id, cause: .interruption, sessionProcess: nil)
            journalled[rig.vocabulary] = rig.journalled.last
            rig.silence(rig.id, cause: .unplugged, sessionProcess: nil)
            journalled[rig.vocabulary, default: ""] += ", then " + (rig.journalled.last ?? "nothing")
            rig.show(muted: true)
            rig.unsilence(rig.id, resume: false)
            rig.show(muted: false)
        }
        #expect(outcomes[.pulse]?.commands == ["mute", "player: pause", "unmute", "player: release"])
        // The silence's mute takes over the Pause's: the user had the node unmuted.
        #expect(outcomes[.pipewire]?.commands == ["pause", "mute", "player: pause", "mute", "start", "unmute", "player: release"])
        // A crash after the switch leaves a mute to undo, not a Pause.
        #expect(journalled[.pulse] == "silence by mute, the user's: unmuted, then silence by mute, the user's: unmuted")
        #expect(journalled[.pipewire] == "silence by pause and mute, then silence by mute, the user's: unmuted")
        for (vocabulary, outcome) in outcomes {
            #expect(outcome.journalled == [], "\(vocabulary)")
        }
    }

    @Test("natively a restore that races a Pause's mute gets the mute again; the user's unmute of the paused node stands, and the unsilence leaves the mute alone")
    func pauseMuteWatch() throws {
        var journalled: [Vocabulary: String] = [:]
        let outcomes = try Self.onBoth { rig in
            rig.silence(rig.id, cause: .interruption, sessionProcess: nil)
            rig.show(muted: false)  // the server's saved state, applied over the mute
            rig.show(muted: true)
            rig.show(muted: false)  // the user
            journalled[rig.vocabulary] = rig.journalled.last
            rig.unsilence(rig.id, resume: false)
        }
        #expect(outcomes[.pipewire]?.commands == ["pause", "mute", "player: pause", "mute", "start"])
        // A crash after the user's unmute leaves a Pause alone to undo.
        #expect(journalled[.pipewire] == "silence by pause")
        #expect(outcomes[.pipewire]?.journalled == [])
    }

    @Test("natively a node the user had muted is paused without a mute, and started without an unmute")
    func pauseOfAMutedNode() throws {
        var journalled: [Vocabulary: String] = [:]
        let outcomes = try Self.onBoth { rig in
            rig.show(muted: true)  // the user
            rig.silence(rig.id, cause: .interruption, sessionProcess: nil)
            journalled[rig.vocabulary] = rig.journalled.last
            rig.unsilence(rig.id, resume: false)
        }
        #expect(outcomes[.pipewire]?.commands == ["pause", "player: pause", "start"])
        #expect(journalled[.pipewire] == "silence by pause")
    }

    /// Steps the rig's ramps until none runs (a ramp's steps are due by the clock), at most 2 s.
    @ServerLoopActor
    static func rampToEnd(_ rig: Rig) {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(2)
        while rig.enforced.values.contains(where: { $0.duck?.isRamping == true }), clock.now < deadline {
            rig.tick()
            usleep(5_000)
        }
    }

    /// Runs `steps` on a rig of each vocabulary, each with its own journal.
    static func eachOnItsOwn(_ steps: @ServerLoopActor (Rig) throws -> Void) throws {
        for vocabulary in Vocabulary.allCases {
            try JournalTemporaryDirectory.with { temporary in
                let journal = try Journal.open(serverInstance: "test:\(vocabulary)", in: temporary.journalDirectory)
                try onTheServerLoop { try steps(Rig(vocabulary, journal: journal)) }
            }
        }
    }

    @Test("a duck and its unduck: journalled first, ramped down, settled ducked, ramped back to exactly the user's level, journal empty")
    func duckAndUnduck() throws {
        try Self.eachOnItsOwn { rig in
            let vocabulary = rig.vocabulary
            rig.duck(rig.id, to: 0.3, rampMilliseconds: 60)
            #expect(rig.journalled.last == "ducked to 0.3", "journalled before any write: \(vocabulary)")
            #expect(rig.recorder.commands == [], "nothing is due at the ramp's start: \(vocabulary)")
            Self.rampToEnd(rig)
            let down = rig.recorder.commands
            // 60 ms at 50 steps a second; a late tick writes only the last step due.
            #expect((1...3).contains(down.count), "\(vocabulary) \(down)")
            let target = vocabulary == .pulse ? "level stream volume \(StreamVolume([65536, 65536]).scaled(byAmplitude: 0.3))" : "level node factor 0.3"
            #expect(down.last == target, "\(vocabulary)")
            #expect(rig.repairs == ["settled, ducked"], "\(vocabulary)")
            #expect(rig.enforced[rig.serial]?.owedLevel != nil, "\(vocabulary)")
            rig.duck(rig.id, to: 1, rampMilliseconds: 0)
            rig.tick()
            let user = vocabulary == .pulse ? "level stream volume 65536/65536" : "level node factor 1.0"
            #expect(rig.recorder.commands.last == user, "\(vocabulary)")
            #expect(rig.repairs == ["settled, ducked", "settled, restored"], "\(vocabulary)")
            #expect(rig.journalled == [], "\(vocabulary)")
            #expect(rig.enforced.isEmpty, "nothing left to undo: \(vocabulary)")
        }
    }

    @Test("a stream that ends ducked and muted owes the next stream of its entry the user's level and unmute; that stream takes them once")
    func duckedStreamEnds() throws {
        var taken: [Vocabulary: [OwedStreamValues?]] = [:]
        let outcomes = try Self.onBoth { rig in
            rig.duck(rig.id, to: 0.3, rampMilliseconds: 60)
            Self.rampToEnd(rig)
            rig.silenceByMute()
            rig.recorder.commands = []
            rig.vanish()
            rig.recorder.commands += rig.owed
            let next = rig.vocabulary.stream
            taken[rig.vocabulary] = [rig.takeOwedValues(of: next), rig.takeOwedValues(of: next)]
        }
        #expect(outcomes[.pulse]?.commands == outcomes[.pipewire]?.commands)
        #expect(outcomes[.pulse]?.commands == ["owed its next stream: the user's level under a duck at 0.3, unmute"])
        // Each in its own vocabulary: the stream's volume, the node's own factor.
        #expect(taken[.pulse]?.first??.volume == StreamVolume([65536, 65536]))
        #expect(taken[.pipewire]?.first??.factor == 1)
        for vocabulary in Vocabulary.allCases {
            #expect(taken[vocabulary]?.first??.unmute == true, "\(vocabulary)")
            #expect(taken[vocabulary]?.last == .some(nil), "the entry is done with once a stream took it: \(vocabulary)")
        }
    }

    @Test("the server going away: a held stream, one that ended held and a repair not yet saved are handed over alike on both protocols")
    func handedOverAlike() throws {
        var handedOver: [Vocabulary: [[String]]] = [:]
        _ = try Self.onBoth { rig in
            rig.duck(rig.id, to: 0.3, rampMilliseconds: 60)
            Self.rampToEnd(rig)
            rig.silenceByMute()
            rig.move(rig.id, to: DeviceID("sink:\(Self.headset)"))
            var held = rig.handedOver
            rig.recorder.refuses = true  // the server takes no repair of the ended stream: its journal lines stay
            rig.vanish()
            let ended = rig.handedOver
            rig.rememberRepair("Notification", OwedStreamValues(userMute: true))
            held += ended + [rig.handedOver.joined(separator: "; ")]
            handedOver[rig.vocabulary] = [held]
        }
        #expect(handedOver[.pulse] == handedOver[.pipewire])
        #expect(
            handedOver[.pulse]?.first == [
                "the user's level, unmuted, \(Self.speaker)", "the user's level, unmuted, \(Self.speaker)",
                "muted; the user's level, unmuted, \(Self.speaker)",
            ])
    }

    @Test("a new stream is watched for what its entry owes in one window, what is owed later added; the watch ends with the window")
    func owedValuesWatch() throws {
        _ = try Self.onBoth { rig in
            let serial = rig.serial
            let level: LevelBase = rig.vocabulary == .pulse ? .streamVolume(StreamVolume([65536, 65536])) : .nodeFactor(1)
            rig.watchForOwedValues(serial, OwedStreamValues())
            #expect(rig.watchedOwedValues(of: serial) == nil, "nothing owed, nothing watched: \(rig.vocabulary)")
            rig.watchForOwedValues(serial, OwedStreamValues(unmute: true))
            let until = rig.owedWatches[serial]?.until
            rig.watchForOwedValues(serial, OwedStreamValues(level: level, duckLevel: 0.3))
            #expect(rig.watchedOwedValues(of: serial) == OwedStreamValues(level: level, duckLevel: 0.3, unmute: true), "\(rig.vocabulary)")
            #expect(rig.owedWatches[serial]?.until == until, "one window from the stream's appearance: \(rig.vocabulary)")
            rig.owedWatches[serial]?.until = .now
            #expect(rig.watchedOwedValues(of: serial) == nil, "\(rig.vocabulary)")
            #expect(rig.owedWatches.isEmpty, "\(rig.vocabulary)")
        }
    }

    @Test("a new stream of a held stream's restore entry finds the sibling's user values in the journal, in its protocol's terms; the held stream finds none of its own")
    func journalledSiblings() throws {
        _ = try Self.onBoth { rig in
            let vocabulary = rig.vocabulary
            let entry = try #require(vocabulary.restoreEntryName(of: vocabulary.stream))
            rig.duck(rig.id, to: 0.3, rampMilliseconds: 0)
            rig.tick()
            rig.silenceByMute()
            let newStream = StreamSerial(rawValue: rig.serial.rawValue + 1)
            let sibling = rig.journalledSiblingValues(forEntry: entry, excluding: newStream)
            let user: LevelBase = vocabulary == .pulse ? .streamVolume(StreamVolume([65536, 65536])) : .nodeFactor(1)
            #expect(sibling == OwedStreamValues(level: user, duckLevel: 0.3, userMute: false), "\(vocabulary)")
            #expect(rig.journalledSiblingValues(forEntry: entry, excluding: rig.serial).isEmpty, "\(vocabulary)")
            #expect(rig.journalledSiblingValues(forEntry: "another entry", excluding: newStream).isEmpty, "\(vocabulary)")
        }
    }

    @Test("a level the agent did not write ends the duck on the pulse protocol's shared volume; a node's factor reads nothing")
    func userTakesOver() throws {
        try Self.eachOnItsOwn { rig in
            let vocabulary = rig.vocabulary
            rig.duck(rig.id, to: 0.3, rampMilliseconds: 0)
            rig.tick()
            rig.duck(rig.id, to: 0.1, rampMilliseconds: 0)
            rig.recorder.shownVolume = StreamVolume([30000, 30000])  // the user's slider
            rig.tick()
            if vocabulary == .pulse {
                #expect(rig.journalled.last == "the user's level")
                #expect(rig.repairs == ["settled, ducked", "settled, ducked"], "the user's level is repaired into the store")
                #expect(rig.enforced[rig.serial]?.owedLevel == nil, "nothing of the agent's to undo")
                rig.duck(rig.id, to: 1, rampMilliseconds: 0)
                #expect(rig.recorder.commands.count == 1, "the unduck writes nothing over the user's volume")
                #expect(rig.journalled == [])
            } else {
                #expect(rig.journalled.last == "ducked to 0.1")
                #expect(rig.recorder.commands == ["level node factor 0.3", "level node factor 0.1"])
            }
        }
    }

    @Test("a settled duck's change event: another volume ends the duck on the pulse protocol; a node's channel volumes leave it alone")
    func userTakesOverAtAChange() throws {
        try Self.eachOnItsOwn { rig in
            let vocabulary = rig.vocabulary
            rig.duck(rig.id, to: 0.3, rampMilliseconds: 0)
            rig.tick()
            rig.show(volume: StreamVolume([65536, 65536]).scaled(byAmplitude: 0.3))  // the agent's own step, shown
            #expect(rig.journalled.last == "ducked to 0.3", "\(vocabulary)")
            rig.show(volume: StreamVolume([40000, 40000]))  // the user's slider, or natively the user's channel volumes
            if vocabulary == .pulse {
                #expect(rig.journalled.last == "the user's level")
                #expect(rig.enforced[rig.serial]?.owedLevel == nil, "nothing of the agent's to undo")
            } else {
                #expect(rig.journalled.last == "ducked to 0.3")
                #expect(rig.enforced[rig.serial]?.owedLevel == .nodeFactor(1))
            }
        }
    }
}
