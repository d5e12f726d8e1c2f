import AudioSession
import Testing

/// The session's local checks: no agent, no server needed (the session has neither here).
@Suite struct ConfigurationTests {
    /// A session that reaches no bus and no server.
    static func isolatedSession() -> AudioSession {
        AudioSession(
            applicationID: "org.example.Configuration",
            options: .init(busAddress: "unix:path=/nonexistent/bus", soundServer: "unix:/nonexistent/native"))
    }

    @Test func invalidConfigurationIsRefusedWithTheRule() async throws {
        let session = Self.isolatedSession()
        defer { session.close() }
        try session.setCategory(.playback, mode: .spokenAudio)
        let error = #expect(throws: AudioSessionError.self) {
            try session.setCategory(.soloAmbient, options: [.duckOthers])
        }
        #expect(error?.code == .invalidConfiguration)
        #expect(error?.configurationError?.option == .duckOthers)
        #expect(error?.message.contains("duck-others needs a mixable category") == true)
        // The refused configuration changed nothing.
        #expect(session.category == .playback)
        #expect(session.mode == .spokenAudio)
    }

    @Test func modeRuleIsNamed() throws {
        let session = Self.isolatedSession()
        defer { session.close() }
        let error = #expect(throws: AudioSessionError.self) { try session.setCategory(.playback, mode: .voiceChat) }
        #expect(error?.description.contains("mode voice-chat needs category play-and-record") == true)
    }

    @Test func impliedOptionsAreKept() throws {
        let session = Self.isolatedSession()
        defer { session.close() }
        try session.setCategory(.playback, options: [.duckOthers])
        #expect(session.categoryOptions == [.duckOthers, .mixWithOthers])
    }

    @Test func streamPropertiesFollowTheConfiguration() throws {
        let session = Self.isolatedSession()
        defer { session.close() }
        try session.setCategory(.playAndRecord, mode: .voiceChat)
        let properties = session.streamProperties
        #expect(properties["media.role"] == "phone")
        #expect(properties["audiosession.category"] == "play-and-record")
        #expect(properties["audiosession.mode"] == "voice-chat")
        #expect(properties["application.id"] == "org.example.Configuration")
        #expect(properties["audiosession.token"] == nil)  // not registered: no agent
        #expect(session.pulsePropEnvironmentValue.contains("media.role=phone"))
    }

    @Test func activationWithoutAgentSucceedsLocally() async throws {
        let session = Self.isolatedSession()
        defer { session.close() }
        try session.setCategory(.playback)
        try await session.setActive(true)
        #expect(session.isActive)
        #expect(!session.isAgentConnected)
        #expect(session.currentRoute == AudioSession.RouteDescription())  // no server either
        try await session.setActive(false, options: .notifyOthersOnDeactivation)
        #expect(!session.isActive)
    }

    /// The documented way to catch one kind of error: also a guard that the throwing API stays
    /// plain `throws` (Swift 6.3 crashes compiling `catch where` over typed throws of this type).
    @Test func documentedCatchPatternSelectsTheCode() {
        let session = Self.isolatedSession()
        defer { session.close() }
        var rule: String?
        do {
            try session.setCategory(.record, options: [.defaultToSpeaker])
        } catch let error as AudioSessionError where error.code == .invalidConfiguration {
            rule = error.message
        } catch {
            Issue.record("unexpected error \(error)")
        }
        #expect(rule?.contains("default-to-speaker needs category play-and-record") == true)
    }
}
