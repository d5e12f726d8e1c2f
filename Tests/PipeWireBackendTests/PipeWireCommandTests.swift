import AudioSessionTesting
import Foundation
import PipeWireBackend
import Synchronization
import Testing

/// Node Props, node commands and metadata writes, observed through independent clients and on the
/// speaker's monitor.
@Suite("PipeWire node and metadata commands", .serialized)
struct PipeWireCommandTests {
    @Test("Props volume 0.3 on a stream reaches the server and the sound; pactl keeps the user's level")
    func propsVolume() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        let connection = try await pipewire.connect()
        defer { connection.close() }
        let speaker = try await MonitorRecorder.start("speaker.monitor", in: pipewire)
        defer { speaker.stop() }
        let player = try pipewire.playTone(role: "Music")
        defer { player.kill() }
        let stream = try await waitForValue("the pw-play stream with its Props") {
            connection.streamNode(of: player.pid).flatMap { $0.node?.props?.volume == nil ? nil : $0 }
        }
        try await waitUntil("the tone is heard at full level") { try await speaker.rms(over: .milliseconds(200)) > 0.3 }

        try connection.setProps(PipeWireNodeProps(volume: 0.3), onNode: stream.id)
        try await connection.sync()

        try await waitUntil("pw-dump shows Props volume 0.3") {
            try await PipeWireGraphReading.propsVolume(ofNode: stream.id, in: pipewire).map { abs($0 - 0.3) < 0.001 } ?? false
        }
        try await waitUntil("the mirror shows Props volume 0.3") {
            connection.globals[stream.id]?.node?.props?.volume.map { abs($0 - 0.3) < 0.001 } ?? false
        }
        // 0.5-amplitude sine: RMS 0.354 at factor 1, 0.106 at factor 0.3.
        try await waitUntil("the tone is heard at 30 %") {
            let level = try await speaker.rms(over: .milliseconds(200))
            return level > 0.08 && level < 0.13
        }
        let pulseVolume = try await PipeWireGraphReading.pulseVolumeLine(ofApplication: "pw-play", in: pipewire)
        #expect(pulseVolume?.contains("/ 100% /") == true, "pactl shows \(pulseVolume ?? "no sink input")")
    }

    @Test("mute and channelVolumes reach the server: pactl shows them as the stream's mute and volume")
    func muteAndChannelVolumes() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        let connection = try await pipewire.connect()
        defer { connection.close() }
        let player = try pipewire.playTone(role: "Music")
        defer { player.kill() }
        let stream = try await waitForValue("the pw-play stream") { connection.streamNode(of: player.pid) }
        try await waitUntil("the stream runs") { connection.globals[stream.id]?.node?.state == .running }

        // Linear 0.125 is 50 % on PulseAudio's cubic scale.
        try connection.setProps(PipeWireNodeProps(mute: true, channelVolumes: [0.125, 0.125]), onNode: stream.id)
        try await connection.sync()
        try await waitUntil("pactl shows the stream muted at 50 %") {
            let mute = try await PipeWireGraphReading.pulseLine("Mute:", ofApplication: "pw-play", in: pipewire)
            let volume = try await PipeWireGraphReading.pulseVolumeLine(ofApplication: "pw-play", in: pipewire)
            return mute == "Mute: yes" && volume?.components(separatedBy: " 50% /").count == 3
        }
        try await waitUntil("the mirror shows mute and both channel volumes") {
            let props = connection.globals[stream.id]?.node?.props
            return props?.mute == true && props?.channelVolumes == [0.125, 0.125]
        }

        try connection.setProps(PipeWireNodeProps(mute: false), onNode: stream.id)
        try await connection.sync()
        try await waitUntil("pactl shows the stream unmuted, still at 50 %") {
            let mute = try await PipeWireGraphReading.pulseLine("Mute:", ofApplication: "pw-play", in: pipewire)
            let volume = try await PipeWireGraphReading.pulseVolumeLine(ofApplication: "pw-play", in: pipewire)
            return mute == "Mute: no" && volume?.components(separatedBy: " 50% /").count == 3
        }
    }

    @Test("Pause silences the speaker's monitor and Start makes the stream audible again")
    func pauseAndStart() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        let connection = try await pipewire.connect()
        defer { connection.close() }
        let speaker = try await MonitorRecorder.start("speaker.monitor", in: pipewire)
        defer { speaker.stop() }
        let player = try pipewire.playTone(role: "Music")
        defer { player.kill() }
        let stream = try await waitForValue("the pw-play stream") { connection.streamNode(of: player.pid) }
        try await waitUntil("the tone is heard") { try await speaker.rms(over: .milliseconds(200)) > 0.3 }

        try connection.send(.pause, toNode: stream.id)
        try await connection.sync()
        try await waitUntil("the speaker is silent") { try await speaker.rms(over: .milliseconds(200)) < 0.001 }
        #expect(player.isRunning)
        // PipeWire 0.3.65: the paused node keeps reporting running, so a caller tracks its pauses itself.
        #expect(connection.globals[stream.id]?.node?.state == .running)

        try connection.send(.start, toNode: stream.id)
        try await connection.sync()
        try await waitUntil("the tone is heard again") { try await speaker.rms(over: .milliseconds(200)) > 0.3 }
    }

    @Test("target.object metadata moves a stream to a plugged device; removing it lets WirePlumber decide again")
    func targetObjectMove() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        let connection = try await pipewire.connect()
        defer { connection.close() }
        _ = try await pipewire.plug(.headphones)
        try await waitUntil("the headphones node is mirrored") { !connection.nodes(named: "headphones").isEmpty }
        let player = try pipewire.playTone(role: "Music")
        defer { player.kill() }
        let stream = try await waitForValue("the pw-play stream") { connection.streamNode(of: player.pid) }
        try await waitUntil("the stream plays to the default speaker") {
            try await PipeWireGraphReading.linkTargets(ofNode: stream.id, in: pipewire) == ["speaker"]
        }

        let changes = Mutex<[PipeWireMetadataChange]>([])
        connection.addEventHandler { event in
            if case .metadataChanged(let change) = event { changes.withLock { $0.append(change) } }
        }
        try connection.setMetadataProperty("target.object", of: stream.id, type: nil, value: "headphones")
        try await connection.sync()
        try await waitUntil("pw-dump links the stream to the headphones only") {
            try await PipeWireGraphReading.linkTargets(ofNode: stream.id, in: pipewire) == ["headphones"]
        }
        // WirePlumber can act on the change and pw-dump show the link before this connection's loop
        // thread, starved on a loaded machine, has read the metadata's own event.
        try await waitUntil("the mirror and the event handler see the target.object entry") {
            connection.metadata(named: "default")?.value(forKey: "target.object", subject: stream.id) == "headphones"
                && changes.withLock { $0 }.contains {
                    $0.metadataName == "default" && $0.subject == stream.id && $0.key == "target.object" && $0.value == "headphones"
                }
        }

        try connection.removeMetadataProperty("target.object", of: stream.id)
        try await connection.sync()
        try await waitUntil("WirePlumber links the stream to the default speaker again") {
            try await PipeWireGraphReading.linkTargets(ofNode: stream.id, in: pipewire) == ["speaker"]
        }
        // As above: the relink can show before this connection's loop thread read the removal.
        try await waitUntil("the mirror sees the target.object entry removed") {
            connection.metadata(named: "default")?.value(forKey: "target.object", subject: stream.id) == nil
        }
    }

    /// The handler waits for the stream to run: WirePlumber's restore-stream sets a new stream's
    /// Props volume while linking it, overwriting a volume set earlier.
    @Test("a handler on the loop thread reacts to a new stream with a command, without a hop")
    func handlerReactsOnLoopThread() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        let connection = try await pipewire.connect()
        defer { connection.close() }
        let ducked = Mutex<Set<UInt32>>([])
        let failures = Mutex<[String]>([])
        let threads = Mutex<Set<String>>([])
        connection.addEventHandler { [weak connection] event in
            threads.withLock { _ = $0.insert(currentThreadName()) }
            guard case .globalChanged(let global) = event, global.properties["media.role"] == "Music",
                global.node?.state == .running, let connection
            else { return }
            let first = ducked.withLock { $0.insert(global.id).inserted }
            guard first else { return }
            do {
                try connection.setProps(PipeWireNodeProps(volume: 0.5), onNode: global.id)
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        let player = try pipewire.playTone(role: "Music")
        defer { player.kill() }
        let stream = try await waitForValue("the pw-play stream") { connection.streamNode(of: player.pid) }
        try await waitUntil("pw-dump shows the handler's Props volume 0.5") {
            try await PipeWireGraphReading.propsVolume(ofNode: stream.id, in: pipewire).map { abs($0 - 0.5) < 0.001 } ?? false
        }
        #expect(failures.withLock { $0 }.isEmpty)
        #expect(threads.withLock { $0 } == ["audiosession-pw"], "handlers run on the connection's loop thread")
    }

    @Test("commands on an id that is no node, a missing metadata object or subject, or a closed connection give typed errors", .timeLimit(.minutes(1)))
    func unknownTargets() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        let connection = try await pipewire.connect()
        defer { connection.close() }

        let unknown = (connection.globals.keys.max() ?? 0) + 1000
        let error = #expect(throws: PipeWireError.self) {
            try connection.setProps(PipeWireNodeProps(volume: 0.3), onNode: unknown)
        }
        #expect(error?.code == .noSuchObject)
        #expect(error?.description.contains("node \(unknown)") == true)

        let speaker = try #require(connection.nodes(named: "speaker").first)
        let channelError = #expect(throws: PipeWireError.self) {
            try connection.setProps(PipeWireNodeProps(channelVolumes: [0.5, 0.5, 0.5]), onNode: speaker.id)
        }
        #expect(channelError?.code == .invalidArgument)
        #expect(connection.globals[speaker.id]?.node?.props?.channelVolumes == [1, 1])

        let port = try #require(connection.globals.values.first { $0.type == .port })
        #expect(throws: PipeWireError.self) { try connection.send(.pause, toNode: port.id) }

        let metadataError = #expect(throws: PipeWireError.self) {
            try connection.setMetadataProperty("target.object", of: 0, type: nil, value: "speaker", in: "no-such-metadata")
        }
        #expect(metadataError?.code == .noSuchObject)

        // The metadata's owner (WirePlumber, for "default") checks the subject and answers later, through
        // the server: the answer comes as an event. A core sync does not wait for WirePlumber, so it reports
        // the error only when the error happens to arrive while the sync is in flight (seen both ways).
        let events = connection.events(replayingCurrentGlobals: false)
        try connection.setMetadataProperty("target.object", of: unknown, type: nil, value: "speaker")
        let syncError: PipeWireError?
        do {
            try await connection.sync()
            syncError = nil
        } catch {
            syncError = error
        }
        var reported: PipeWireError?
        for await event in events {
            if case .serverError(let error) = event {
                reported = error
                break
            }
        }
        #expect(reported?.code == .serverError)
        #expect(reported?.errno == ENOENT)
        #expect(reported?.description.contains("metadata \"default\"") == true)
        if let syncError { #expect(syncError == reported) }
        try await connection.sync()

        connection.close()
        let closed = await #expect(throws: PipeWireError.self) { try await connection.sync() }
        #expect(closed?.code == .closed)
        let closedCommand = #expect(throws: PipeWireError.self) { try connection.send(.start, toNode: speaker.id) }
        #expect(closedCommand?.code == .closed)
        #expect(connection.globals.isEmpty)
        for await event in connection.events() { Issue.record("a closed connection delivered \(event)") }
    }
}
