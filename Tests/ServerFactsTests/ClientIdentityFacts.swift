import AudioSessionTesting
import Foundation
import Testing

extension ServerFacts {
    /// Streams find their session by PID when nothing better is on them. Through pipewire-pulse the
    /// only PID of the app is the one its client library claims; the PID PipeWire vouches for is
    /// pipewire-pulse's own.
    @Suite("Facts: which PID a pulse client's stream carries on PipeWire")
    struct ClientIdentityFacts {
        @Test("through pipewire-pulse, the node has no pipewire.sec.pid and the client's is pipewire-pulse's; the app's PID is only claimed", arguments: PipeWireStack.allCases)
        func pulseClientPIDs(stack: PipeWireStack) async throws {
            let pipewire = try await stack.start()
            defer { pipewire.stop() }
            // Long enough to outlive the checks on a loaded machine; the player is killed at the end.
            let silence = try ToneFile.silence(seconds: 30, in: pipewire.directory)
            let player = try pipewire.spawn("paplay", ["--property=audiosession.probe=pid", silence])
            defer { player.kill() }
            let node = try await waitForValue("paplay's node") { try await pipewire.node(where: "audiosession.probe", is: "pid") }
            #expect(node.properties["pipewire.sec.pid"] == nil)
            #expect(node.properties["application.process.id"] == String(player.pid))

            let clients = try await pipewire.objects().filter {
                $0.type == "PipeWire:Interface:Client" && $0.properties["application.name"] == "paplay"
            }
            #expect(clients.count == 1)
            let securePID = try #require(clients.first?.properties["pipewire.sec.pid"].flatMap { Int32($0) })
            #expect(securePID != player.pid)
            let serverPIDs = try String(contentsOfFile: pipewire.directory + "/pids", encoding: .utf8)
                .split(separator: "\n").compactMap { Int32($0) }
            #expect(serverPIDs.contains(securePID), "pipewire.sec.pid \(securePID) is one of the harness's servers (pipewire-pulse)")
        }
    }
}
