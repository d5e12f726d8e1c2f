import AudioSessionBus
import AudioSessionContract
import AudioSessionTesting
import Foundation
import Testing

extension AgentIntegrationTests {
    /// Echo cancellation by the app's request (issue 19 item 3), as a bus client asks for it: a
    /// play-and-record session in default mode gets a canceller while it is active and asks
    /// (module-echo-cancel on PulseAudio, a `pipewire` process of the agent's on native PipeWire),
    /// `audiosessionctl status` names it, and it goes when the app withdraws or its connection
    /// leaves the bus; a stranger cannot ask for someone else's session.
    @Suite("echo cancellation by request")
    struct EchoCancellationRequest {
        typealias Hardware = AgentIntegrationTests.Hardware

        static func echoCancelModules(_ rig: AgentRig) async throws -> Int {
            try await rig.server.pactl("list", "short", "modules").split(separator: "\n").filter { $0.contains("module-echo-cancel") }.count
        }

        /// The cancellers running for this rig: module-echo-cancel instances on PulseAudio, canceller
        /// processes on native PipeWire.
        static func cancellers(_ rig: AgentRig, _ setup: SoundSetup) async throws -> Int {
            setup == .pipewireNative ? NativeVoiceProcessing.cancellerProcesses(rig).count : try await echoCancelModules(rig)
        }

        /// The `input_processing` `status --json` shows for `session`.
        static func statusProcessing(_ rig: AgentRig, _ session: String) async throws -> String? {
            try await rig.sessions().first { "\($0["session"] ?? "")" == session }?["input_processing"] as? String
        }

        @Test(
            "a default-mode session that asks gets a canceller, shown by status, gone when it withdraws or its app leaves",
            arguments: [SoundSetup.pulseMinimal, .pipewireNative])
        func aRequestLoadsTheCancellerUntilWithdrawnOrTheAppLeaves(setup: SoundSetup) async throws {
            try await AgentRig.withAgentAndApp(setup) { rig, agent, app in
                let session = try await Hardware.session(on: app, category: "play-and-record")
                _ = try await Hardware.call(app, "Activate", [.string(session)])
                #expect(try await Hardware.call(app, "IsEchoCancelledInputAvailable", [.string(session)]).decode(Bool.self))
                #expect(try await Self.statusProcessing(rig, session) == "none")

                _ = try await Hardware.call(app, "SetPrefersEchoCancelledInput", [.string(session), .boolean(true)])
                let processing = try InputProcessingReply(arguments: try await Hardware.call(app, "GetInputProcessing", [.string(session)]))
                #expect(processing == InputProcessingReply(processing: "echo-cancellation", canceller: "webrtc"))
                try await waitUntil("the session's canceller runs", timeout: .seconds(30)) {
                    try await Self.cancellers(rig, setup) == 1
                }
                #expect(try await Self.statusProcessing(rig, session) == "echo-cancellation (webrtc)")
                #expect(try await rig.ctl(["status"]).standardOutput.contains("echo-cancellation (webrtc)"))

                // A stranger can neither withdraw it nor learn whether it is available.
                let stranger = try BusConnection(address: rig.bus.address)
                defer { stranger.close() }
                for (method, arguments) in [
                    ("SetPrefersEchoCancelledInput", [BusValue.string(session), .boolean(false)]),
                    ("IsEchoCancelledInputAvailable", [BusValue.string(session)]),
                ] {
                    let refusal = await #expect(throws: BusError.self) { try await Hardware.call(stranger, method, BusArguments(arguments)) }
                    #expect(refusal?.name == .accessDenied, "\(method): \(refusal.map { "\($0)" } ?? "")")
                }
                #expect(try await Self.cancellers(rig, setup) == 1)

                _ = try await Hardware.call(app, "SetPrefersEchoCancelledInput", [.string(session), .boolean(false)])
                try await waitUntil("the canceller is gone once the app withdraws", timeout: .seconds(30)) {
                    try await Self.cancellers(rig, setup) == 0
                }
                #expect(try await Self.statusProcessing(rig, session) == "none")

                // Asked again, then the app's connection leaves the bus: nothing remains.
                _ = try await Hardware.call(app, "SetPrefersEchoCancelledInput", [.string(session), .boolean(true)])
                try await waitUntil("the canceller runs again", timeout: .seconds(30)) {
                    try await Self.cancellers(rig, setup) == 1
                }
                app.close()
                try await waitUntil("the canceller is gone once the app left", timeout: .seconds(30)) {
                    try await Self.cancellers(rig, setup) == 0
                }
                #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
            }
        }

        @Test("a playback session's request is refused with the reason and loads nothing")
        func aSessionThatCannotRecordIsRefused() async throws {
            try await AgentRig.withAgentAndApp(.pulseMinimal) { rig, agent, app in
                let session = try await Hardware.session(on: app, category: "playback")
                _ = try await Hardware.call(app, "Activate", [.string(session)])
                #expect(try await !Hardware.call(app, "IsEchoCancelledInputAvailable", [.string(session)]).decode(Bool.self))
                let refusal = await #expect(throws: BusError.self) {
                    try await Hardware.call(app, "SetPrefersEchoCancelledInput", [.string(session), .boolean(true)])
                }
                #expect(refusal?.name.rawValue == AgentErrorName.invalidConfiguration.rawValue)
                #expect(
                    refusal?.message
                        == "session \(session) cannot have echo-cancelled input: its category playback does not record; choose record, play-and-record or multi-route first")
                #expect(try await Self.echoCancelModules(rig) == 0)
                #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
            }
        }
    }
}
