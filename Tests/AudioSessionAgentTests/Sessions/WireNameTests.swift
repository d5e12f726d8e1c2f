import AudioSessionContract
import AudioSessionAgent
import AudioSessionModel
import Testing

/// Names and properties as they arrive from the bus.
@Suite("Names from the wire")
struct WireNameTests {
    @Test("an unknown category is refused with every accepted category, kebab-case")
    func unknownCategory() {
        let error = #expect(throws: SessionRegistryError.self) {
            try SessionConfiguration(wireCategory: "loud", mode: "default", options: [])
        }
        #expect(error?.busErrorName == .unknownName)
        #expect(error?.busErrorName.rawValue == "org.audiosession.Error.UnknownName")
        #expect(error.map { "\($0)" } == "unknown category \"loud\"; accepted: ambient, solo-ambient, playback, record, play-and-record, multi-route")
    }

    @Test("an unknown mode is refused with every accepted mode")
    func unknownMode() {
        let error = #expect(throws: SessionRegistryError.self) {
            try SessionConfiguration(wireCategory: "playback", mode: "karaoke", options: [])
        }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.hasPrefix("unknown mode \"karaoke\"; accepted: "))
        for mode in Mode.allCases { #expect(message.contains(mode.kebabName)) }
    }

    @Test("an unknown option is refused with every accepted option; camelCase Swift spellings are not names")
    func unknownOption() {
        let error = #expect(throws: SessionRegistryError.self) {
            try SessionConfiguration(wireCategory: "playback", mode: "default", options: ["mix-with-others", "duckOthers"])
        }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.hasPrefix("unknown category option \"duckOthers\"; accepted: mix-with-others, duck-others, "))
        for option in CategoryOption.allCases { #expect(message.contains(option.kebabName)) }
    }

    @Test("known names in a combination that breaks a rule are InvalidConfiguration naming the rule")
    func invalidCombination() {
        let error = #expect(throws: SessionRegistryError.self) {
            try SessionConfiguration(wireCategory: "solo-ambient", mode: "default", options: ["duck-others"])
        }
        #expect(error?.busErrorName.rawValue == "org.audiosession.Error.InvalidConfiguration")
        // Which option the message names (the declared duck-others, or the mix-with-others it implies)
        // is the model's choice; the rule and the accepted categories are the point here.
        let message = error.map { "\($0)" } ?? ""
        #expect(message.hasPrefix("duck-others ") || message.hasPrefix("mix-with-others "), "\(message)")
        #expect(message.hasSuffix(" needs a mixable category: playback, play-and-record or multi-route; solo-ambient never mixes"))
    }

    @Test("names are exact: case and surrounding spaces matter, and the mode is never implied")
    func exactNames() {
        for (category, mode) in [("Playback", "default"), (" playback", "default"), ("playback", ""), ("playback", "Default")] {
            #expect(throws: SessionRegistryError.self) { try SessionConfiguration(wireCategory: category, mode: mode, options: []) }
        }
    }

    @Test("a valid configuration reads as the model's, implied options included")
    func validConfiguration() throws {
        let configuration = try SessionConfiguration(wireCategory: "play-and-record", mode: "voice-chat", options: ["default-to-speaker", "duck-others", "duck-others"])
        #expect(configuration == (try SessionConfiguration(category: .playAndRecord, mode: .voiceChat, options: [.defaultToSpeaker, .duckOthers, .mixWithOthers])))
    }

    @Test("registration properties: an unknown key lists the accepted ones")
    func unknownProperty() {
        let error = #expect(throws: SessionRegistryError.self) {
            try SessionProperties(wire: ["application-id": .string("org.example.App"), "priority": .string("high")])
        }
        #expect(error == .unknownProperty("priority"))
        #expect(error.map { "\($0)" } == "unknown session property \"priority\"; accepted: application-id, stream-token, stream-token-secret, stream-token-use")
        #expect(error?.busErrorName == .unknownName)
    }

    @Test("registration properties: wrong type, too long, control, bidirectional or zero-width characters are InvalidArgs saying what is expected")
    func malformedProperty() {
        let printable = "printable text without control, bidirectional or zero-width characters; it has "
        let cases: [(SessionProperties.WireValue, String)] = [
            (.other(signature: "i"), "a string (s), not i"),
            (.string(String(repeating: "a", count: 256)), "at most 255 bytes, not 256"),
            (.string("org.example\nApp"), printable + "U+000A, a control character"),
            (.string("org.example.\u{1B}]0;pwned\u{07}"), printable + "U+001B, a control character"),
            (.string("org.example.\u{202E}spaM"), printable + "U+202E, a bidirectional control"),
            (.string("org.example.\u{2067}Maps"), printable + "U+2067, a bidirectional control"),
            (.string("org.example.\u{061C}Maps"), printable + "U+061C, a bidirectional control"),
            (.string("org.example.Ma\u{200B}ps"), printable + "U+200B, a zero-width character"),
            (.string("\u{FEFF}org.example.Maps"), printable + "U+FEFF, a zero-width character"),
        ]
        for (value, expected) in cases {
            let error = #expect(throws: SessionRegistryError.self) { try SessionProperties(wire: ["application-id": value]) }
            #expect(error == .invalidProperty("application-id", expected: expected))
            #expect(error.map { "\($0)" } == "session property \"application-id\" must be \(expected)")
            #expect(error?.busErrorName.rawValue == "org.freedesktop.DBus.Error.InvalidArgs")
        }
    }

    @Test("registration properties: an empty application id means none; no properties is fine")
    func emptyProperties() throws {
        #expect(try SessionProperties(wire: [:]) == SessionProperties())
        #expect(try SessionProperties(wire: ["application-id": .string("")]).applicationID == nil)
        #expect(try SessionProperties(wire: ["application-id": .string(String(repeating: "é", count: 127))]).applicationID?.count == 127)
    }

    @Test("registration properties: an earlier stream token is 32 lower-case hex digits; anything else says so")
    func streamTokenProperty() throws {
        let token = StreamToken.random()
        #expect(try SessionProperties(wire: ["stream-token": .string(token.rawValue)]).streamToken == token)
        #expect(try SessionProperties(wire: ["stream-token": .string("")]).streamToken == nil)
        for bad in ["ABCDEF0123456789ABCDEF0123456789", "1234", String(repeating: "g", count: 32)] {
            let error = #expect(throws: SessionRegistryError.self) { try SessionProperties(wire: ["stream-token": .string(bad)]) }
            #expect(error == .invalidProperty("stream-token", expected: "32 lower-case hex digits, as RegisterSession returned it"))
        }
    }
}
