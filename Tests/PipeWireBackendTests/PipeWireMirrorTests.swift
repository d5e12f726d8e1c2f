import AudioSessionTesting
import Foundation
import PipeWireBackend
import Testing

/// The connection and its registry mirror, against a private PipeWire + WirePlumber + pipewire-pulse.
@Suite("PipeWire connection and registry mirror", .serialized)
struct PipeWireMirrorTests {
    @Test("connecting to a remote where no server listens gives a typed connection error")
    func missingRemote() async throws {
        let missing = NSTemporaryDirectory() + "audiosession-no-server-\(UUID().uuidString)/pipewire-0"
        let error = await #expect(throws: PipeWireError.self) {
            let connection = try await PipeWireConnection.connect(remote: missing)
            connection.close()
        }
        #expect(error?.code == .connectionFailed)
        #expect(error?.description.contains(missing) == true)
        #expect(error?.errno != nil)
    }

    @Test("the mirror holds the speaker and mic nodes, the defaults and WirePlumber's metadata objects")
    func mirrorAtConnect() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        let connection = try await pipewire.connect()
        defer { connection.close() }

        let speaker = try #require(connection.nodes(named: "speaker").first)
        #expect(speaker.properties["media.class"] == "Audio/Sink")
        #expect(speaker.permissions.contains([.read, .write, .execute]))
        #expect(speaker.serial != nil)
        #expect(speaker.node?.props?.channelVolumes?.count == 2)
        let mic = try #require(connection.nodes(named: "mic").first)
        #expect(mic.properties["media.class"] == "Audio/Source/Virtual")

        let types = Set(connection.globals.values.map(\.type))
        #expect(types.isSuperset(of: [.node, .client, .port, .metadata]))

        #expect(connection.defaults.audioSink == "speaker")
        #expect(connection.defaults.configuredAudioSink == "speaker")
        #expect(connection.defaults.audioSource == "mic")
        // PipeWire's own "settings", WirePlumber 0.4's "default" and "route-settings".
        #expect(Set(connection.metadataObjects.map(\.name)).isSuperset(of: ["settings", "default", "route-settings"]))
        #expect(connection.metadata(named: "settings")?.value(forKey: "clock.rate") == "48000")
    }

    @Test("the ports of the speaker and the mic state their Latency for their own direction (all 0 on null devices); no other ports are read")
    func devicePortLatency() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        let connection = try await pipewire.connect()
        defer { connection.close() }
        let devices = try ["speaker", "mic"].map { name in try #require(connection.nodes(named: name).first).id }

        func ports(of node: UInt32) -> [PipeWireGlobal] {
            connection.globals.values.filter { $0.type == .port && $0.properties["node.id"] == "\(node)" }
        }
        try await waitUntil("every port of the speaker and the mic has stated its latency for its own direction") {
            devices.allSatisfy { device in
                let ports = ports(of: device)
                return !ports.isEmpty && ports.allSatisfy { port in
                    port.portLatencies.map(\.direction) == [port.properties["port.direction"] == "in" ? .input : .output]
                }
            }
        }
        let stated = devices.flatMap(ports(of:)).flatMap(\.portLatencies)
        #expect(stated.allSatisfy { $0.quanta == 0 && $0.frames == 0 && $0.nanoseconds == 0 }, "\(stated)")
        let otherPorts = connection.globals.values.filter { $0.type == .port && !devices.map { "\($0)" }.contains($0.properties["node.id"] ?? "") }
        #expect(otherPorts.allSatisfy { $0.portLatencies.isEmpty })
    }

    @Test(
        "a pw-play Music stream shows up with its role and application, its client with its binary, and its removal is reported",
        .timeLimit(.minutes(1)))
    func streamLifecycle() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        let connection = try await pipewire.connect()
        defer { connection.close() }
        let log = EventLog()
        connection.addEventHandler { event in log.record(event) }
        let events = connection.events(replayingCurrentGlobals: false)

        let player = try pipewire.playTone(role: "Music")
        defer { player.kill() }
        let stream = try await waitForValue("the pw-play stream node is mirrored with its properties") {
            connection.streamNode(of: player.pid)
        }
        #expect(stream.properties["media.role"] == "Music")
        #expect(stream.properties["media.class"] == "Stream/Output/Audio")
        #expect(stream.properties["application.name"] == "pw-play")
        #expect(stream.properties["application.process.binary"] == nil, "a native node names no binary: its client does")
        // The client's info (not the registry's filtered set) names the app's binary and process.
        let client = try await waitForValue("pw-play's client carries its info's properties") { () -> PipeWireGlobal? in
            guard let id = stream.properties["client.id"].flatMap({ UInt32($0) }), let client = connection.globals[id],
                client.properties["application.process.binary"] != nil
            else { return nil }
            return client
        }
        #expect(client.type == .client)
        #expect(client.properties["application.process.binary"] == "pw-cat")
        #expect(client.properties["application.process.id"] == String(player.pid))
        try await waitUntil("the stream runs") { connection.globals[stream.id]?.node?.state == .running }

        player.kill()
        _ = await player.waitForExit()
        try await waitUntil("the stream node is gone from the mirror") { connection.globals[stream.id] == nil }

        // The synchronous handler saw the whole life of the node.
        #expect(log.contains { if case .globalAdded(let global) = $0 { global.id == stream.id } else { false } })
        #expect(log.contains { if case .globalChanged(let global) = $0 { global.id == stream.id && global.node?.state == .running } else { false } })
        #expect(log.contains { if case .globalRemoved(let global) = $0 { global.id == stream.id } else { false } })

        // The async sequence delivers the same events, in order.
        var added = false
        for await event in events {
            switch event {
            case .globalAdded(let global) where global.id == stream.id: added = true
            case .globalRemoved(let global) where global.id == stream.id:
                #expect(added, "removal came before addition")
                #expect(global.properties["media.role"] == "Music")
                return
            default: continue
            }
        }
        Issue.record("the event sequence ended before the removal")
    }
}
