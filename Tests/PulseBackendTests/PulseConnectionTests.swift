import AudioSessionTesting
import Foundation
import PulseBackend
import SoundServer
import Testing

/// Connecting: a missing server is a typed error with PulseAudio's message, never a hang or crash.
@Suite("Pulse connection")
struct PulseConnectionTests {
    @Test("connecting to a socket nobody listens on gives connection-refused")
    func missingSocket() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pulse-missing-\(UInt32.random(in: 0...UInt32.max))")
        let error = await #expect(throws: PulseError.self) {
            _ = try await PulseConnection.connect(server: "unix:\(directory.path)/native")
        }
        #expect(error?.code == .connectionRefused)
        #expect(error?.message == "Connection refused")
        #expect(error?.description == "pa_context_connect: Connection refused")
    }

    @Test("a malformed server address is a typed connection-refused too: libpulse tries it and gives up")
    func invalidServer() async throws {
        let error = await #expect(throws: PulseError.self) {
            _ = try await PulseConnection.connect(server: "nonsense:::")
        }
        #expect(error?.code == .connectionRefused, "\(String(describing: error))")
    }

    @Test("server death is reported as the mirror's last event and a typed error for later calls")
    func serverDeath() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        let connection = try await PulseConnection.connect(server: pulse.serverAddress)
        defer { connection.disconnect() }
        let recorder = EventRecorder()
        let mirror = try await PulseGraphMirror.start(on: connection, handler: recorder.handler)
        var events = mirror.events().makeAsyncIterator()
        pulse.stop()
        var last: GraphEvent?
        while let event = await events.next() { last = event }
        guard case .connectionLost(let reason) = last else {
            Issue.record("expected connectionLost as the last event, got \(String(describing: last))")
            return
        }
        #expect(!reason.isEmpty)
        #expect(recorder.first { if case .connectionLost = $0 { true } else { nil } } == true)
        #expect(!connection.isConnected)
        let error = await #expect(throws: PulseError.self) { _ = try await connection.serverInfo() }
        #expect(error?.code == .connectionTerminated, "\(String(describing: error))")
    }
}

/// The server-instance identity that keys the agent's journal.
@Suite("Pulse server instance")
struct PulseServerInstanceTests {
    @Test("a restarted PulseAudio has a new instance identity")
    func pulseAudioRestart() async throws {
        var instances: [ServerInstance] = []
        for _ in 0..<2 {
            let pulse = try await PrivatePulseAudio.start(.minimal)
            defer { pulse.stop() }
            let connection = try await PulseConnection.connect(server: pulse.serverAddress)
            defer { connection.disconnect() }
            instances.append(try await connection.serverInfo().instance)
        }
        #expect(instances[0] != instances[1], "\(instances)")
    }

    @Test("a restarted pipewire-pulse has a new instance identity")
    func pipeWireRestart() async throws {
        var instances: [ServerInstance] = []
        for _ in 0..<2 {
            let pipewire = try await PrivatePipeWire.start()
            defer { pipewire.stop() }
            let connection = try await PulseConnection.connect(server: pipewire.serverAddress)
            defer { connection.disconnect() }
            instances.append(try await connection.serverInfo().instance)
        }
        #expect(instances[0] != instances[1], "\(instances)")
    }
}
