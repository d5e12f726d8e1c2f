import AudioSessionTesting
import Foundation
import PulseBackend
import SoundServer
import Synchronization
import Testing

/// Disconnecting leaves nothing behind: no loop thread, no retained connection or mirror.
@Suite("Pulse connection lifecycle", .serialized, .sharedPulseServer)
struct PulseLifecycleTests {
    @Test("after disconnect the loop thread is gone and connection and mirror are freed")
    func disconnectLeavesNothing() async throws {
        let pulse = try SharedPulseServer.server()
        let loopThread = Mutex<String?>(nil)
        weak var weakConnection: PulseConnection?
        weak var weakMirror: PulseGraphMirror?
        do {
            let connection = try await PulseConnection.connect(server: pulse.serverAddress)
            let mirror = try await PulseGraphMirror.start(on: connection) { _, _ in
                // The handler runs on libpulse's loop thread: remember which one it is.
                loopThread.withLock { $0 = $0 ?? currentThreadID() }
            }
            weakConnection = connection
            weakMirror = mirror
            // Unload only after the handler saw the sink: a sink removed before the mirror fetched
            // it yields no event at all (the fetch finds nothing; the removal removes nothing).
            let index = try await connection.loadModule("module-null-sink", argument: "sink_name=lifecycle")
            try await waitUntil("the handler saw an event") { loopThread.withLock { $0 } != nil }
            try await connection.unloadModule(index)
            let tid = try #require(loopThread.withLock { $0 })
            #expect(tid != currentThreadID(), "the handler runs on the loop thread, not the caller's")
            #expect(FileManager.default.fileExists(atPath: "/proc/self/task/\(tid)"), "the loop thread runs")
            mirror.stop()
            connection.disconnect()
            #expect(!FileManager.default.fileExists(atPath: "/proc/self/task/\(tid)"), "the loop thread was joined")
            #expect(!connection.isConnected)
        }
        #expect(weakMirror == nil)
        #expect(weakConnection == nil)
    }

    @Test("event sequences end when the mirror stops and when the connection closes", .timeLimit(.minutes(1)))
    func sequencesEnd() async throws {
        let pulse = try SharedPulseServer.server()
        let connection = try await PulseConnection.connect(server: pulse.serverAddress)
        defer { connection.disconnect() }
        let first = try await PulseGraphMirror.start(on: connection)
        var stopped = first.events().makeAsyncIterator()
        first.stop()
        #expect(await stopped.next() == nil)
        var late = first.events().makeAsyncIterator()
        #expect(await late.next() == nil, "a stopped mirror hands out ended sequences")

        let second = try await PulseGraphMirror.start(on: connection)
        var closed = second.events().makeAsyncIterator()
        var raw = try await connection.subscribe().makeAsyncIterator()
        connection.disconnect()
        // Events from before the disconnect may still be buffered; the sequences must end after them.
        var lost = false
        while let event = await closed.next() {
            if case .connectionLost = event { lost = true }
        }
        #expect(!lost, "a deliberate disconnect ends the sequence without connectionLost")
        while await raw.next() != nil {}
    }

    @Test("calls after disconnect fail with a typed error instead of hanging")
    func callsAfterDisconnect() async throws {
        let pulse = try SharedPulseServer.server()
        let connection = try await PulseConnection.connect(server: pulse.serverAddress)
        connection.disconnect()
        connection.disconnect()
        let error = await #expect(throws: PulseError.self) { _ = try await connection.sinks() }
        #expect(error?.code == .connectionTerminated)
        #expect(error?.description == "pa_context_get_sink_info_list: the connection was closed")
    }
}

/// The kernel's ID of the calling thread, from /proc/thread-self (a link to `PID/task/TID`).
private func currentThreadID() -> String {
    let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
    return String(target.split(separator: "/").last ?? "")
}
