import AudioSessionBus

/// A valid call of every method of `org.audiosession.Agent1`: the seeds the mutation tests start
/// from (Fuzz/FuzzAgentCalls has the same list for scripts/fuzz).
enum ValidAgentCalls {
    static let all: [(method: String, arguments: BusArguments)] = [
        ("RegisterSession", [.dictionary(key: .string, value: .variant, [.string("application-id"): .variant(.string("org.example.Maps"))])]),
        ("RegisterSession", [
            .dictionary(key: .string, value: .variant, [
                .string("application-id"): .variant(.string("org.example.Music")),
                .string("stream-token"): .variant(.string("0123456789abcdef0123456789abcdef")),
            ])
        ]),
        ("RegisterSession", [.dictionary(key: .string, value: .variant, [:])]),
        ("UnregisterSession", [.string("1")]),
        ("SetConfiguration", [.string("1"), .string("playback"), .string("voice-prompt"), .array(element: .string, [.string("duck-others")])]),
        ("SetConfiguration", [.string("2"), .string("play-and-record"), .string("voice-chat"), .array(element: .string, [])]),
        ("Activate", [.string("1")]),
        ("Deactivate", [.string("1"), .boolean(true)]),
        ("GetState", [.string("1")]),
        ("GetCurrentRoute", [.string("1")]),
        ("OverrideOutputPort", [.string("1"), .string("speaker")]),
        ("SetPreferredInput", [.string("1"), .string("")]),
        ("GetAvailableInputs", [.string("1")]),
        ("GetHardwareValues", [.string("1")]),
        ("GetSecondaryAudioHint", [.string("1")]),
        ("SetPreferredHardware", [
            .string("1"),
            .dictionary(key: .string, value: .variant, [
                .string("sample-rate"): .variant(.uint32(44_100)), .string("io-buffer-duration"): .variant(.double(0.01)),
            ]),
        ]),
        ("SetPrefersEchoCancelledInput", [.string("1"), .boolean(true)]),
        ("SetSessionPreference", [.string("1"), .string("interruption-on-route-disconnect"), .boolean(true)]),
        ("IsEchoCancelledInputAvailable", [.string("1")]),
        ("SetInputMuted", [.string("1"), .boolean(true)]),
        ("IsInputMuted", [.string("1")]),
        ("GetStatus", []),
        ("ListSessions", []),
        ("ListStreams", []),
        ("ExplainStream", [.string("42")]),
        ("GetInputProcessing", [.string("1")]),
    ]
}
