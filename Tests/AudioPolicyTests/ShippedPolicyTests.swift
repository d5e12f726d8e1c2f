import AudioSessionModel
import Testing
@testable import AudioPolicy

@Suite("Shipped policies load and say what their headers promise")
struct ShippedPolicyTests {
    static let shippedFiles = ["default.toml", "car.toml", "office.toml"]

    static func load(_ name: String) throws -> Policy {
        try PolicyLoader.forFile().load(explicitFile: PolicyTestPaths.shipped(name)).policy
    }

    @Test(arguments: shippedFiles)
    func loadsWithoutProblems(_ name: String) throws {
        let loaded = try PolicyLoader.forFile().load(explicitFile: PolicyTestPaths.shipped(name))
        #expect(loaded.files == [PolicyTestPaths.shipped(name)])
        #expect(loaded.policy.version == 1)
        // Every role has its own table, so nothing in a shipped policy relies on a fallback.
        #expect(Set(loaded.policy.roles.keys) == Set(Role.allCases))
    }

    @Test func defaultIsADesktopPolicy() throws {
        let policy = try Self.load("default.toml")
        #expect(policy.enabled)
        #expect(policy.ducking == Policy.Ducking(level: 0.3, rampDownMilliseconds: 250, rampUpMilliseconds: 600))
        #expect(policy.interruption.recordSilencesOutput)
        #expect(policy.ranks.defaultRank == 50)
        #expect(policy.rankRules.map(\.name) == ["calls", "spoken prompts", "background"])
        // Calls silence everything lower and interruptible, so role-less streams and games fall
        // silent for a call as their role tables promise; notifications stay out of that.
        #expect(policy.rankRules.map(\.exclusive) == [true, false, false])
        #expect(try #require(policy.roles[.notification]).interruptible == false)
        #expect(policy.rankRules.first?.modes == [.voiceChat, .videoChat])

        let phone = try #require(policy.roles[.communication])
        #expect(phone.category == .playAndRecord && phone.mode == .voiceChat)
        #expect(phone.trigger && !phone.duckable && !phone.interruptible)

        let none = try #require(policy.roles[Role.none])
        #expect(none.options == .mixWithOthers)
        #expect(!none.trigger && none.duckable && none.interruptible)

        let navigation = try #require(policy.roles[.navigation])
        #expect(navigation.options == [.mixWithOthers, .duckOthers])
        #expect(navigation.trigger && navigation.mode == .voicePrompt)

        let game = try #require(policy.roles[.game])
        #expect(game.configuration.isMixable)
        #expect(try #require(policy.roles[.music]).configuration.isMixable == false)

        let exempt = policy.appRules.filter(\.exempt).flatMap(\.match)
        #expect(exempt.contains("orca"))
        #expect(exempt.contains("speech-dispatcher"))
        #expect(policy.appRules.filter(\.exempt).allSatisfy { $0.role == .accessibility })

        // Browsers' WebRTC calls carry no role: while a browser captures from a microphone its
        // playback is a call, held for two seconds after the microphone closes.
        // So are the call and chat apps' (most are Chromium inside).
        let calls = policy.appRules.filter(\.callWhileCapturing)
        #expect(calls.count == 3 && calls.allSatisfy { !$0.exempt && $0.role == nil && $0.evidence == [.verified, .claimed] })
        let callApps = calls.flatMap(\.match)
        for app in ["firefox-esr", "firefox", "chromium", "chrome", "brave", "org.mozilla.firefox", "org.chromium.Chromium", "zoom", "com.slack.Slack"] {
            #expect(callApps.contains(app), "\(app)")
        }
        #expect(policy.interruption.captureCalls && policy.interruption.captureCallHoldMilliseconds == 2_000)
    }

    /// Streams as the two servers really present them (properties read off PulseAudio 16.1 and
    /// PipeWire 0.3.65, plus the facts the backends add) are excluded; an app's stream is not.
    @Test func defaultExcludesStreamsThatAreNotApps() throws {
        let exclusions = try Self.load("default.toml").exclusions
        func excluded(_ properties: [String: String]) -> Bool { exclusions.contains { $0.matches(properties) } }

        // pavucontrol's meter on PulseAudio: the backend copies pa_source_output_info.resample_method.
        #expect(excluded(["media.name": "Peak detect", "resample.method": "peaks"]))
        // The same meter through pipewire-pulse.
        #expect(excluded(["media.name": "Peak detect", "resample.peaks": "true", "stream.monitor": "true"]))
        // parec on a monitor through pipewire-pulse; pw-record --target SINK.
        #expect(excluded(["application.name": "parec", "stream.capture.sink": "true"]))
        #expect(excluded(["application.name": "parec", "audiosession.monitor-capture": "true"]))
        // PulseAudio module streams: loopback ("abstract"), echo-cancel and combine ("filter").
        #expect(excluded(["media.name": "Loopback to Null Output", "media.role": "abstract"]))
        #expect(excluded(["media.name": "Echo-Cancel Sink Stream", "media.role": "filter"]))
        #expect(excluded(["media.name": "anything", "audiosession.owner-module": "module-loopback"]))
        // pipewire-pulse module streams and PipeWire virtual nodes.
        #expect(excluded(["media.name": "combo output", "pulse.module.id": "536870914"]))
        #expect(excluded(["media.name": "myloop output", "node.virtual": "true"]))
        #expect(excluded(["audiosession.virtual": "true"]))
        #expect(excluded(["audiosession.agent": "true"]))
        // Apps are not excluded.
        #expect(!excluded(["application.name": "paplay", "media.role": "music"]))
        #expect(!excluded(["application.name": "mpv", "media.name": "song.ogg"]))
        #expect(!excluded(["application.name": "pw-play", "media.role": "Notification", "node.virtual": "false"]))
        #expect(exclusions.allSatisfy { !$0.why.isEmpty })
    }

    @Test func carNavigationDucksEverythingAndCallsAreExclusive() throws {
        let policy = try Self.load("car.toml")
        let calls = try #require(policy.rankRules.first { $0.name == "calls" })
        let navigation = try #require(policy.rankRules.first { $0.name == "navigation" })
        #expect(calls.exclusive)
        #expect(calls.rank > navigation.rank)
        // Music (playback, default mode) falls to the default rank, below navigation: it cannot interrupt it.
        #expect(navigation.rank > policy.ranks.defaultRank)
        #expect(!policy.rankRules.contains { $0.categories.contains(.playback) || $0.modes.contains(.default) })

        let prompt = try #require(policy.roles[.navigation])
        #expect(prompt.options.isSuperset(of: [.mixWithOthers, .duckOthers]))
        #expect(prompt.trigger && !prompt.duckable)
        #expect(try #require(policy.roles[.music]).duckable)
        #expect(policy.ducking.level < 0.3)
    }

    @Test func officeCallSilencesEvenNotificationsAndNotificationsMixQuietly() throws {
        let policy = try Self.load("office.toml")
        let calls = try #require(policy.rankRules.first { $0.name == "calls" })
        #expect(calls.exclusive)
        #expect(calls.categories == [.playAndRecord])
        #expect(policy.rankRules.allSatisfy { $0.name == "calls" || $0.rank < calls.rank })
        #expect(policy.ranks.defaultRank < calls.rank)

        let notification = try #require(policy.roles[.notification])
        #expect(notification.options == [.mixWithOthers, .duckOthers])
        #expect(notification.configuration.isMixable)
        #expect(notification.interruptible && notification.trigger)
        let phone = try #require(policy.roles[.communication])
        #expect(phone.mode == .voiceChat && phone.trigger && !phone.interruptible)
    }

    /// Every setting carries a one-line comment, on its line or on the line above.
    @Test(arguments: shippedFiles)
    func everySettingHasAComment(_ name: String) throws {
        let bytes = try #require(try LocalPolicyFileSystem().contents(ofFile: PolicyTestPaths.shipped(name)))
        let text = try #require(String(validating: bytes, as: UTF8.self))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var uncommented: [String] = []
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " }
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), !trimmed.hasPrefix("["), trimmed.contains("=") else { continue }
            let commentAbove = index > 0 && lines[index - 1].drop { $0 == " " }.hasPrefix("#")
            if !Self.hasTrailingComment(line) && !commentAbove { uncommented.append("\(name):\(index + 1): \(line)") }
        }
        #expect(uncommented.isEmpty, "settings without a comment:\n\(uncommented.joined(separator: "\n"))")
        #expect(lines.first?.hasPrefix("# ") == true, "\(name) must start with a header comment saying what it is for")
    }

    /// A `#` outside a string.
    static func hasTrailingComment(_ line: String) -> Bool {
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#" {
                return true
            }
        }
        return false
    }

    @Test func commentCheckIgnoresHashesInsideStrings() {
        #expect(!Self.hasTrailingComment(#"why = "a # inside a string""#))
        #expect(Self.hasTrailingComment(#"why = "x"  # said"#))
    }
}

/// The shipped policies, loaded from their files, drive the pure engine the way their headers say.
@Suite("Shipped policies drive the engine as their headers promise")
struct ShippedPolicyBehaviourTests {
    static func engine(_ name: String) throws -> PolicyEngine {
        PolicyEngine(policy: try ShippedPolicyTests.load(name))
    }

    /// A stream of an app that does not use the library, identified by its media.role.
    static func stream(_ id: StreamID, role: String?, extra: [String: String] = [:]) -> StreamInfo {
        var properties = extra
        properties["media.role"] = role
        return StreamInfo(id: id, direction: .playback, properties: properties, isSounding: true)
    }

    @Test func desktopCallInterruptsMusicWhileANotificationMixesIn() throws {
        var engine = try Self.engine("default.toml")
        _ = engine.handle(.streamAppeared(Self.stream("music", role: "music")))
        _ = engine.handle(.streamAppeared(Self.stream("ding", role: "event")))
        #expect(engine.effects(on: "music") == .playing)
        _ = engine.handle(.streamAppeared(Self.stream("tab", role: nil)))
        _ = engine.handle(.streamAppeared(Self.stream("call", role: "phone")))
        #expect(engine.effects(on: "music") == .silenced(.exclusive))
        #expect(engine.effects(on: "tab") == .silenced(.exclusive))
        #expect(engine.effects(on: "ding") == .playing)
        #expect(engine.effects(on: "call") == .playing)
    }

    @Test func desktopLevelMetersAndModuleStreamsAreLeftAlone() throws {
        var engine = try Self.engine("default.toml")
        _ = engine.handle(.streamAppeared(Self.stream("loopback", role: "abstract", extra: ["media.name": "Loopback to Null Output"])))
        _ = engine.handle(.streamAppeared(Self.stream("filter", role: "filter")))
        _ = engine.handle(.streamAppeared(Self.stream("virtual", role: nil, extra: ["node.virtual": "true"])))
        _ = engine.handle(.streamAppeared(Self.stream("call", role: "phone")))
        for id: StreamID in ["loopback", "filter", "virtual"] {
            #expect(engine.effects(on: id) == .playing, "\(id)")
            #expect(engine.explanation(of: id)?.excludedBecause != nil, "\(id)")
        }
    }

    @Test func carNavigationDucksMusicAndACallSilencesEverythingBelowIt() throws {
        var engine = try Self.engine("car.toml")
        _ = engine.handle(.streamAppeared(Self.stream("music", role: "Music")))
        _ = engine.handle(.streamAppeared(Self.stream("directions", role: "Navigation")))
        #expect(engine.effects(on: "music") == .ducked(level: 0.2))
        #expect(engine.effects(on: "directions") == .playing)
        // Music starting again does not interrupt the directions.
        _ = engine.handle(.streamAppeared(Self.stream("more-music", role: "music")))
        #expect(engine.effects(on: "directions") == .playing)

        _ = engine.handle(.streamAppeared(Self.stream("call", role: "phone")))
        #expect(engine.effects(on: "call") == .playing)
        #expect(engine.effects(on: "music") == .silenced(.exclusive))
        #expect(engine.effects(on: "directions") == .silenced(.exclusive))
    }

    @Test func officeCallSilencesNotificationsAndNotificationsDuckMusicWithoutInterrupting() throws {
        var engine = try Self.engine("office.toml")
        _ = engine.handle(.streamAppeared(Self.stream("music", role: "music")))
        _ = engine.handle(.streamAppeared(Self.stream("ding", role: "Notification")))
        #expect(engine.effects(on: "music") == .ducked(level: 0.3))
        #expect(engine.effects(on: "ding") == .playing)
        _ = engine.handle(.streamVanished("ding"))
        #expect(engine.effects(on: "music") == .playing)

        _ = engine.handle(.streamAppeared(Self.stream("call", role: "phone")))
        _ = engine.handle(.streamAppeared(Self.stream("ding-during-call", role: "event")))
        #expect(engine.effects(on: "call") == .playing)
        #expect(engine.effects(on: "ding-during-call") == .silenced(.exclusive))
    }
}
