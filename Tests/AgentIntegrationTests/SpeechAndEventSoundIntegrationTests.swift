import AudioSessionTesting
import Foundation
import Testing

extension AgentIntegrationTests {
    /// Real speech and event-sound clients from Debian's packages play through a call with the
    /// shipped policy: `spd-say` (speech-dispatcher with its espeak-ng and dummy modules) by the
    /// app table's speech-dispatcher rule, `canberra-gtk-play -i bell` by its role, `event`.
    ///
    /// The call is a `paplay --property=media.role=phone` stream. A role-less paplay is the
    /// control: once the call has silenced it, the agent has decided for every stream, and the
    /// client's stream is read from the agent (its role, effect and explanation) and from the
    /// server (mute and volume, what a user hears).
    @Suite("legacy: speech and event sounds through a call")
    struct SpeechAndEventSounds {
        /// CI's setups; the test body runs on every ``SoundSetup`` (the native agent pauses nodes
        /// instead of muting: there the agent's listing says what it did).
        static let setups: [SoundSetup] = [.pulseMinimal, .pipewirePulse]

        @Test(
            "spd-say: speech-dispatcher's stream plays through a call, exempt by the app table's rule",
            .enabled(if: SpeechModule.allInstalled, Comment(rawValue: SpeechModule.missingMessage)),
            arguments: SpeechModule.allCases, setups)
        func speech(module: SpeechModule, setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let speech = try module.say(Self.longText, in: rig)
            var failure: (any Error)?
            do {
                try await Self.speechPlaysThrough(module, speech: speech, in: rig)
            } catch {
                failure = error
            }
            let survivors = await speech.stop()
            #expect(survivors.isEmpty, "speech-dispatcher's processes outlived the test: \(survivors)")
            if let failure { throw failure }
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        static func speechPlaysThrough(_ module: SpeechModule, speech: ProcessFamily, in rig: AgentRig) async throws {
            let speaks: @Sendable (PulseSinkInput) -> Bool = {
                $0.properties["application.name"] == module.applicationName && $0.properties["application.process.binary"] == module.streamBinary
            }
            let first = try await waitForValue("\(module)'s stream", timeout: .seconds(30), poll: .milliseconds(100)) {
                () async throws -> PulseSinkInput? in
                guard speech.leader.isRunning else { throw AgentRig.AgentExited(log: "spd-say exited: \(speech.leader.standardError)") }
                return try await rig.server.sinkInputs().first(where: speaks)
            }
            #expect(first.properties["media.role"] == nil, "\(module) names a role: \(first.properties)")
            let call = try await startCall(in: rig)
            defer { call.end() }

            // As it starts its modules speech-dispatcher opens and closes streams: the one read
            // is the newest, once the agent lists it.
            let (listing, during) = try await listedStream("\(module)'s stream", in: rig, where: speaks)
            #expect(listing["role"] as? String == "accessibility", "\(listing)")
            #expect(listing["effect"] as? String == "playing", "\(listing)")
            #expect(!during.isMuted, "the call muted \(module)'s stream")
            #expect(during.volumePercents.allSatisfy { $0 == 100 }, "the call changed \(module)'s volume: \(during.volumePercents)")
            let explained = try await rig.ctl(["explain", try #require(listing["stream"] as? String)])
            #expect(
                explained.standardOutput.contains("exempt app: claimed process binary \"\(module.streamBinary)\"")
                    && explained.standardOutput.contains("(rule for speech-dispatcher, sd_dummy") && explained.standardOutput.contains("; seen)"),
                "\(explained.standardOutput)\(explained.standardError)")

            guard module == .dummy else { return }
            // sd_dummy's own stream stays silent: the module plays its canned message with sox's
            // `play` through ALSA's PulseAudio plug-in, a stream that names only sox. The rule's
            // match-children covers it by its ancestor, sd_dummy (through the shell of system()).
            let (soxListing, message) = try await listedStream("sox's stream", in: rig) {
                $0.properties["application.process.binary"] == "sox"
            }
            #expect(soxListing["effect"] as? String == "playing", "\(soxListing)")
            #expect(soxListing["role"] as? String == "accessibility", "\(soxListing)")
            #expect(!message.isMuted, "the call muted the dummy module's message (sox)")
            let soxExplained = try await rig.ctl(["explain", try #require(soxListing["stream"] as? String)])
            #expect(
                soxExplained.standardOutput.contains("exempt app: claimed ancestor process binary \"sd_dummy\""),
                "\(soxExplained.standardOutput)\(soxExplained.standardError)")
        }

        @Test(
            "canberra-gtk-play -i bell: role event, a notification, rings through a call",
            .enabled(if: EventSound.isInstalled, Comment(rawValue: EventSound.missingMessage)),
            arguments: setups)
        func bell(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let display = try await VirtualDisplay.start(in: rig)
            defer { display.stop() }
            let bell = try EventSound.ringBell(on: display, in: rig)
            defer { bell.kill() }
            let first = try await waitForValue("the bell rings", timeout: .seconds(30), poll: .milliseconds(50)) {
                () async throws -> PulseSinkInput? in
                guard bell.isRunning else { throw AgentRig.AgentExited(log: "canberra-gtk-play exited: \(bell.standardError)") }
                return try await EventSound.bells(in: rig).last
            }
            #expect(first.properties["media.role"] == "event", "\(first.properties)")
            #expect(first.properties["event.id"] == "bell", "\(first.properties)")
            let call = try await Self.startCall(in: rig)
            defer { call.end() }

            // Each ring is a stream of its own (0.14 s): one begun during the call, read while it sounds.
            let callIndex = call.stream.index
            let (listing, during) = try await Self.listedStream("a bell rung during the call", in: rig) {
                $0.properties["application.process.binary"] == EventSound.binary && $0.index > callIndex
            }
            #expect(listing["role"] as? String == "notification", "\(listing)")
            #expect(listing["effect"] as? String == "playing", "\(listing)")
            #expect(!during.isMuted, "the call muted the bell")
            #expect(during.volumePercents.allSatisfy { $0 == 100 }, "the call changed the bell's volume: \(during.volumePercents)")
            #expect(bell.isRunning, "canberra-gtk-play rang on: \(bell.standardError)")
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        /// A `paplay --property=media.role=phone` call and the role-less control it silences.
        struct PhoneCall {
            let control: ChildProcess
            let phone: ChildProcess
            /// The call's stream.
            let stream: PulseSinkInput

            func end() {
                phone.kill()
                control.kill()
            }
        }

        /// Plays the role-less control, then the call, and returns once the call has silenced the
        /// control (muted on the pulse protocol, not heard on its own monitor when the native
        /// agent pauses its node): by then the agent has decided for every stream.
        static func startCall(in rig: AgentRig) async throws -> PhoneCall {
            let control = try rig.play("control", try rig.tone("control", seconds: 120))
            let phone = try rig.play("phone", try ToneFile.silence(seconds: 120, in: rig.directory, name: "phone.wav"), role: "phone")
            do {
                let controlStream = try await CaptureCall.Heard("control", setup: rig.setup, in: rig)
                defer { controlStream.stop() }
                try await waitUntil("the call silences the role-less control", timeout: .seconds(20)) {
                    guard control.isRunning, phone.isRunning else {
                        throw AgentRig.AgentExited(log: "paplay exited: \(control.standardError)\(phone.standardError)")
                    }
                    return try await controlStream.isSilent()
                }
                return PhoneCall(control: control, phone: phone, stream: try await rig.waitForStream("phone"))
            } catch {
                control.kill()
                phone.kill()
                throw error
            }
        }

        /// The newest sink input that `matches` and the agent's `status --json` entry of it, read
        /// in one pass once the agent lists it (a stream may end, or be replaced, before that).
        static func listedStream(
            _ what: String, in rig: AgentRig, where matches: @escaping @Sendable (PulseSinkInput) -> Bool
        ) async throws -> ([String: Any], PulseSinkInput) {
            try await waitForValue("the agent lists \(what)", timeout: .seconds(30)) { () async throws -> ([String: Any], PulseSinkInput)? in
                guard let newest = try await rig.server.sinkInputs().filter(matches).max(by: { $0.index < $1.index }),
                    let listing = try await CaptureCall.streams(in: rig).first(where: {
                        ($0["stream"] as? String)?.hasPrefix("sink-input:\(newest.index)@") == true
                    }),
                    let stream = try await rig.server.sinkInputs().first(where: { $0.index == newest.index })
                else { return nil }
                return (listing, stream)
            }
        }

        /// Speech long enough to outlast the test (about a minute at espeak-ng's default rate).
        static let longText = Array(repeating: "The quick brown fox jumps over the lazy dog.", count: 20).joined(separator: " ")
    }
}
