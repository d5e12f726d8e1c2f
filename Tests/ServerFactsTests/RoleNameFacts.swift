import AudioSessionTesting
import Testing

extension ServerFacts {
    /// PulseAudio clients name roles in lower case (`phone`), PipeWire nodes in PipeWire's words
    /// (`Communication`); pipewire-pulse 0.3.65 translates between them with a fixed table. The agent
    /// normalises role names, so it pins that table here.
    @Suite("Facts: role names in the pulse view and the node view")
    struct RoleNameFacts {
        /// PulseAudio role set by the client → node media.role → role pactl shows for that stream.
        static let pulseRoles: [(client: String, node: String, pulseView: String)] = [
            ("video", "Movie", "video"), ("music", "Music", "music"), ("game", "Game", "game"),
            ("event", "Notification", "event"), ("phone", "Communication", "phone"),
            // Two pulse roles share one node role, so the way back loses the difference.
            ("animation", "Movie", "video"),
            ("production", "Production", "production"), ("a11y", "Accessibility", "a11y"), ("test", "Test", "test"),
        ]

        /// pw-play --media-role → role pactl shows. Roles without a pulse name pass through unchanged.
        static let nodeRoles: [(node: String, pulseView: String)] = [
            ("Movie", "video"), ("Music", "music"), ("Game", "game"), ("Notification", "event"),
            ("Communication", "phone"), ("Alert", "Alert"), ("Navigation", "Navigation"), ("Assistant", "Assistant"),
            ("Accessibility", "a11y"), ("Production", "production"), ("Test", "test"), ("DSP", "DSP"),
        ]

        @Test("each PulseAudio role becomes a PipeWire node role, and comes back as pactl shows it", arguments: PipeWireStack.allCases)
        func pulseRolesThroughPipeWirePulse(stack: PipeWireStack) async throws {
            let pipewire = try await stack.start()
            defer { pipewire.stop() }
            let silence = try ToneFile.silence(seconds: 30, in: pipewire.directory)
            let players = try Self.pulseRoles.map { role in
                try pipewire.spawn(
                    "paplay", ["--property=media.role=\(role.client)", "--property=audiosession.probe=pa-\(role.client)", silence])
            }
            defer { for player in players { player.kill() } }
            let probes = Set(Self.pulseRoles.map { "pa-\($0.client)" })
            let nodes = try await waitForValue("every paplay stream has a node") {
                let nodes = try await pipewire.nodes().filter { probes.contains($0.properties["audiosession.probe"] ?? "") }
                return nodes.count == probes.count ? nodes : nil
            }
            let streams = try await pipewire.sinkInputs()
            for role in Self.pulseRoles {
                let node = nodes.first { $0.properties["audiosession.probe"] == "pa-\(role.client)" }
                let stream = streams.first { $0.properties["audiosession.probe"] == "pa-\(role.client)" }
                #expect(node?.properties["media.role"] == role.node, "pulse role \(role.client)")
                #expect(stream?.properties["media.role"] == role.pulseView, "pulse role \(role.client) seen back by pactl")
            }
        }

        @Test("each pw-play --media-role shows in pactl under its pulse name", arguments: PipeWireStack.allCases)
        func nodeRolesThroughPipeWirePulse(stack: PipeWireStack) async throws {
            let pipewire = try await stack.start()
            defer { pipewire.stop() }
            let silence = try ToneFile.silence(seconds: 30, in: pipewire.directory)
            let players = try Self.nodeRoles.map { role in
                try pipewire.spawn("pw-play", ["--media-role=\(role.node)", "-P", "{ audiosession.probe=pw-\(role.node) }", silence])
            }
            defer { for player in players { player.kill() } }
            let streams = try await waitForValue("every pw-play node is a pulse stream") {
                let streams = try await pipewire.sinkInputs().filter { $0.properties["audiosession.probe"]?.hasPrefix("pw-") == true }
                return streams.count == Self.nodeRoles.count ? streams : nil
            }
            let nodes = try await pipewire.nodes()
            for role in Self.nodeRoles {
                let stream = streams.first { $0.properties["audiosession.probe"] == "pw-\(role.node)" }
                let node = nodes.first { $0.properties["audiosession.probe"] == "pw-\(role.node)" }
                #expect(node?.properties["media.role"] == role.node, "pw-play keeps its role on the node")
                #expect(stream?.properties["media.role"] == role.pulseView, "node role \(role.node)")
            }
        }
    }
}
