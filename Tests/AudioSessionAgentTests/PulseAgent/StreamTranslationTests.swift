import AudioPolicy
@testable import AudioSessionAgent
import PulseBackend
import SoundServer
import Testing

/// How server streams become the engine's stream facts, without a server: the `audiosession.*`
/// facts the policy's exclusions rely on, the session found by token, the app identity, and the
/// restore-database entry names.
@Suite("Stream translation")
struct StreamTranslationTests {
    let instance = ServerInstance(rawValue: "pulseaudio-test-1")
    let resolver = StreamSessionResolver(processes: LinuxProcessTable(root: "/nonexistent"))

    var graph: Graph {
        Graph(
            sinks: [0: SoundDevice(kind: .sink, index: 0, name: "speaker", description: "Speaker", monitorSourceIndex: 1)],
            sources: [
                1: SoundDevice(kind: .source, index: 1, name: "speaker.monitor", description: "Monitor", monitorOfSinkIndex: 0),
                2: SoundDevice(kind: .source, index: 2, name: "mic", description: "Mic", properties: ["device.api": "alsa"]),
            ],
            clients: [
                5: SoundClient(index: 5, name: "paplay", properties: ["application.process.binary": "paplay"]),
                6: SoundClient(index: 6, name: "audiosessiond", properties: ["audiosession.agent": "true"]),
            ],
            modules: [3: SoundModule(index: 3, name: "module-native-protocol-unix"), 9: SoundModule(index: 9, name: "module-loopback")])
    }

    func info(_ stream: SoundStream, sessions: [SessionCandidate] = []) -> StreamInfo {
        StreamTranslation.info(
            for: stream, ref: ServerStreamRef(stream, instance: instance), in: graph, resolver: resolver, sessions: sessions)
    }

    @Test("a client's stream through the protocol module is an app's; a client-less module stream is the module's")
    func ownerModule() {
        let app = SoundStream(kind: .playback, index: 7, name: "music", clientIndex: 5, deviceIndex: 0, moduleIndex: 3)
        let loopback = SoundStream(kind: .playback, index: 8, name: "Loopback", deviceIndex: 0, moduleIndex: 9)
        #expect(info(app).properties["audiosession.owner-module"] == nil)
        #expect(info(loopback).properties["audiosession.owner-module"] == "module-loopback")
    }

    @Test("a capture of a monitor is marked; a microphone capture is not")
    func monitorCapture() {
        let meter = SoundStream(kind: .capture, index: 1, name: "meter", clientIndex: 5, deviceIndex: 1)
        let recorder = SoundStream(kind: .capture, index: 2, name: "rec", clientIndex: 5, deviceIndex: 2)
        #expect(info(meter).properties["audiosession.monitor-capture"] == "true")
        #expect(info(recorder).properties["audiosession.monitor-capture"] == nil)
        #expect(info(meter).direction == .capture)
    }

    @Test("streams of the roles a left module handles are marked left to the server; others are not")
    func leftToServer() {
        let cork = LoadedModule(index: 14, name: "module-role-cork", argument: "trigger_roles=phone cork_roles=music")
        var choices = Policy.ServerModules()
        choices.choices[.roleCork] = .leave
        let left = ServerModulePlanner.plan(loaded: [cork], policy: choices)
        func stream(_ index: UInt32, role: String?) -> SoundStream {
            SoundStream(
                kind: .playback, index: index, name: "s", clientIndex: 5, deviceIndex: 0,
                properties: role.map { ["media.role": $0] } ?? [:])
        }
        func mark(_ stream: SoundStream, _ plan: ServerModulePlan) -> String? {
            StreamTranslation.info(
                for: stream, ref: ServerStreamRef(stream, instance: instance), in: graph, resolver: resolver, sessions: [],
                serverModules: plan
            ).properties[StreamInfo.leftToServerKey]
        }
        #expect(mark(stream(1, role: "music"), left) == "module-role-cork")
        #expect(mark(stream(2, role: "phone"), left) == "module-role-cork")
        #expect(mark(stream(3, role: "video"), left) == nil, "not among this module's cork_roles")
        #expect(mark(stream(4, role: nil), left) == nil)
        choices.choices[.roleCork] = .takeOver
        #expect(mark(stream(1, role: "music"), ServerModulePlanner.plan(loaded: [cork], policy: choices)) == nil)
    }

    @Test("a virtual node's stream (pw-loopback, filter-chain) is marked virtual; an app's is not")
    func virtualNodes() {
        let loop = SoundStream(
            kind: .playback, index: 10, name: "loop", deviceIndex: 0,
            properties: ["node.virtual": "true", "node.group": "pw-loopback-998", "node.name": "output.myloop"])
        let app = SoundStream(
            kind: .playback, index: 11, name: "music", clientIndex: 5, deviceIndex: 0, properties: ["node.virtual": "false"])
        #expect(info(loop).properties["audiosession.virtual"] == "true")
        #expect(info(app).properties["audiosession.virtual"] == nil)
    }

    @Test("the agent's own client's streams are marked")
    func agentStreams() {
        let own = SoundStream(kind: .playback, index: 4, name: "tone", clientIndex: 6, deviceIndex: 0)
        #expect(info(own).properties["audiosession.agent"] == "true")
    }

    @Test("the stream's token ties it to its session; corked streams are not sounding; the app comes from the client")
    func sessionAndApp() {
        let stream = SoundStream(
            kind: .playback, index: 11, name: "prompt", clientIndex: 5, deviceIndex: 0,
            properties: ["audiosession.token": "t-1", "application.id": "org.example.Maps"], isCorked: true)
        let translated = info(stream, sessions: [SessionCandidate(id: "3", token: "t-1", processID: 0)])
        #expect(translated.session == "3")
        #expect(translated.isSounding == false)
        #expect(translated.app.applicationID == "org.example.Maps")
        #expect(translated.app.processBinary == "paplay")
    }

    @Test("ids carry the kind, the serial and the server instance; capture serials never collide with playback ones")
    func identities() {
        let playback = ServerStreamRef(SoundStream(kind: .playback, index: 5, name: "", deviceIndex: 0), instance: instance)
        let capture = ServerStreamRef(SoundStream(kind: .capture, index: 5, name: "", deviceIndex: 0), instance: instance)
        let other = ServerStreamRef(
            SoundStream(kind: .playback, index: 5, name: "", deviceIndex: 0), instance: ServerInstance(rawValue: "pulseaudio-test-2"))
        #expect(playback.serial != capture.serial)
        #expect(playback.id != other.id)
        #expect(playback.id.rawValue.hasPrefix("sink-input:5@"))
        let serialised = ServerStreamRef(SoundStream(kind: .playback, index: 5, serial: 812, name: "", deviceIndex: 0), instance: instance)
        #expect(serialised.serial == 812)
    }

    @Test("restore-database names follow module-stream-restore: role, then application id, name, media name")
    func restoreNames() {
        func name(_ properties: [String: String], kind: SoundStream.Kind = .playback) -> String? {
            RestoreEntryName.of(SoundStream(kind: kind, index: 0, name: "", deviceIndex: 0, properties: properties))
        }
        #expect(name(["media.role": "music", "application.name": "paplay"]) == "sink-input-by-media-role:music")
        #expect(name(["application.id": "org.x", "application.name": "x"]) == "sink-input-by-application-id:org.x")
        #expect(name(["application.name": "paplay"], kind: .capture) == "source-output-by-application-name:paplay")
        #expect(name(["module-stream-restore.id": "custom"]) == "custom")
        #expect(name([:]) == nil)
    }

    @Test("a repair keeps the entry's device unless the agent moved the stream, and fits the channel layout")
    func repairUpdatesEntry() {
        let stereo = ChannelMap([.frontLeft, .frontRight])
        let existing = StreamRestoreEntryFixture.music(deviceName: "headphones")
        let repair = PulseRestoreRepair(
            name: existing.name, channelMap: stereo, volume: ChannelVolumes(repeating: Volume(percent: 80), count: 2),
            isMuted: false, deviceName: nil)
        let updated = repair.updated(existing)
        #expect(updated.deviceName == "headphones")
        #expect(updated.volume == ChannelVolumes(repeating: Volume(percent: 80), count: 2))
        #expect(updated.isMuted == false)
        let fresh = repair.updated(nil)
        #expect(fresh.channelMap == stereo && fresh.deviceName == nil)
    }

    @Test("a repair without a volume, or with an empty one, never writes a level: the entry keeps its own")
    func repairWithoutVolumeKeepsTheLevel() {
        let stereo = ChannelMap([.frontLeft, .frontRight])
        let existing = StreamRestoreEntryFixture.music(deviceName: nil)
        for volume in [nil, ChannelVolumes([])] {
            let repair = PulseRestoreRepair(name: existing.name, channelMap: stereo, volume: volume, isMuted: false, deviceName: nil)
            #expect(repair.updated(existing).volume == existing.volume)
            #expect(repair.updated(existing).isMuted == false)
            #expect(repair.updated(nil).volume.map { $0.allSatisfy { $0 == .muted } } != true, "never a muted level")
        }
    }

    /// A process tree whose executables the test names.
    struct Ancestry: ProcessTable {
        var parents: [Int32: Int32]
        var binaries: [Int32: String]
        func parent(of processID: Int32) -> Int32? { parents[processID] }
        func appScope(of processID: Int32) -> String? { nil }
        func flatpakAppID(of processID: Int32) -> String? { nil }
        func environmentVariable(_ name: String, of processID: Int32) -> String? { nil }
        func binary(of processID: Int32) -> String? { binaries[processID] }
    }

    @Test("a stream's ancestors are read when it first shows and kept while its process stays the same")
    func ancestorsReadOnce() {
        let client = SoundClient(index: 5, name: "sox", properties: ["application.process.id": "300"])
        let graph = Graph(clients: [5: client])
        let stream = SoundStream(kind: .playback, index: 7, name: "ALSA plug-in [sox]", clientIndex: 5, deviceIndex: nil)
        func translate(_ table: Ancestry, previous: AppIdentity?, stream: SoundStream = stream) -> AppIdentity {
            StreamTranslation.info(
                for: stream, ref: ServerStreamRef(stream, instance: instance), in: graph,
                resolver: StreamSessionResolver(processes: table), sessions: [], previous: previous
            ).app
        }
        let first = translate(Ancestry(parents: [300: 200, 200: 100], binaries: [200: "sh", 100: "sd_dummy"]), previous: nil)
        #expect(first.ancestorBinaries == ["sh", "sd_dummy"])

        // The same process: what was read stands, whatever /proc would say now.
        var retitled = stream
        retitled.properties["media.name"] = "another title"
        let kept = translate(Ancestry(parents: [:], binaries: [:]), previous: first, stream: retitled)
        #expect(kept.ancestorBinaries == ["sh", "sd_dummy"])
        #expect(kept.evidence.ancestorBinaries == first.evidence.ancestorBinaries)

        // Another process id is read anew.
        var other = first
        other.processID = 999
        let reread = translate(Ancestry(parents: [300: 201], binaries: [201: "bash"]), previous: other)
        #expect(reread.ancestorBinaries == ["bash"])
    }
}

/// A music entry as module-stream-restore keeps it, ducked and muted by an agent.
private enum StreamRestoreEntryFixture {
    static func music(deviceName: String?) -> StreamRestoreEntry {
        StreamRestoreEntry(
            name: "sink-input-by-media-role:music", channelMap: ChannelMap([.frontLeft, .frontRight]),
            volume: ChannelVolumes(repeating: Volume(percent: 54), count: 2), deviceName: deviceName, isMuted: true)
    }
}
