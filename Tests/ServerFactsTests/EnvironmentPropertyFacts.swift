import AudioSessionTesting
import Testing

extension ServerFacts {
    /// `audiosessionctl run -- CMD` tags a child's streams through its environment. These pin that the
    /// client libraries copy PULSE_PROP and PIPEWIRE_PROPS onto the streams a child opens.
    @Suite("Facts: properties from a child's environment reach its streams")
    struct EnvironmentPropertyFacts {
        @Test("PULSE_PROP reaches a paplay stream on PulseAudio")
        func pulsePropOnPulseAudio() async throws {
            let pulse = try await PrivatePulseAudio.start(.minimal)
            defer { pulse.stop() }
            let player = try await expectPulsePropReachesStream(on: pulse)
            player.kill()
        }

        @Test("PULSE_PROP reaches a paplay stream and its node on pipewire-pulse", arguments: PipeWireStack.allCases)
        func pulsePropOnPipeWirePulse(stack: PipeWireStack) async throws {
            let pipewire = try await stack.start()
            defer { pipewire.stop() }
            let player = try await expectPulsePropReachesStream(on: pipewire)
            defer { player.kill() }
            let node = try await pipewire.node(where: "audiosession.token", is: "token-17")
            #expect(node?.properties["media.role"] == "Communication")
        }

        @Test("PIPEWIRE_PROPS reaches pw-play's node, in both views", arguments: PipeWireStack.allCases)
        func pipewirePropsOnPwPlay(stack: PipeWireStack) async throws {
            let pipewire = try await stack.start()
            defer { pipewire.stop() }
            let silence = try ToneFile.silence(seconds: 30, in: pipewire.directory)
            let player = try pipewire.spawn(
                "pw-play", [silence], extraEnvironment: ["PIPEWIRE_PROPS": "{ audiosession.token=token-18 }"])
            defer { player.kill() }
            let node = try await waitForValue("pw-play's node carries the token") {
                try await pipewire.node(where: "audiosession.token", is: "token-18")
            }
            #expect(node.properties["media.class"] == "Stream/Output/Audio")
            #expect(try await pipewire.sinkInput(where: "audiosession.token", is: "token-18") != nil)
        }

        /// Starts paplay with PULSE_PROP set, checks its stream and returns the still-running player.
        private func expectPulsePropReachesStream(on server: some PulseProtocolServer) async throws -> ChildProcess {
            let silence = try ToneFile.silence(seconds: 30, in: server.directory)
            let player = try server.spawn(
                "paplay", [silence], extraEnvironment: ["PULSE_PROP": "audiosession.token=token-17 media.role=phone"])
            do {
                let stream = try await waitForValue("paplay's stream carries the token") {
                    try await server.sinkInput(where: "audiosession.token", is: "token-17")
                }
                #expect(stream.properties["media.role"] == "phone")
                return player
            } catch {
                player.kill()
                throw error
            }
        }
    }
}
