import Testing
@testable import AudioPolicy

@Suite("Shipped policies load and say what their headers promise")
struct ShippedPolicyTests {
    static let shippedFiles = ["default.toml", "car.toml", "office.toml"]

    static func load(_ name: String) throws -> LoadedPolicy {
        try PolicyLoader.forFile().load(explicitFile: PolicyTestPaths.shipped(name))
    }

    @Test(arguments: shippedFiles)
    func loadsWithoutProblems(_ name: String) throws {
        let loaded = try Self.load(name)
        #expect(loaded.files == [PolicyTestPaths.shipped(name)])
        // Every canonical role has its own table, so nothing in a shipped policy relies on a fallback.
        #expect(Set(loaded.draft.roles.map(\.name)) == Set(PolicyVocabulary.roles))
    }

    @Test func defaultIsADesktopPolicy() throws {
        let draft = try Self.load("default.toml").draft
        #expect(draft.enabled)
        #expect(draft.duckingLevel == 0.3)
        #expect(draft.rampDownMilliseconds == 250)
        #expect(draft.rampUpMilliseconds == 600)
        #expect(draft.recordSilencesOutput)
        #expect(draft.defaultRank == 50)
        #expect(draft.ranks.map(\.name) == ["calls", "spoken prompts", "background"])
        #expect(draft.ranks.allSatisfy { !$0.exclusive })

        let phone = try #require(draft.role("communication"))
        #expect(phone.category == "play-and-record")
        #expect(phone.mode == "voice-chat")
        #expect(phone.trigger && !phone.duckable && !phone.interruptible)

        let none = try #require(draft.role("none"))
        #expect(none.options == ["mix-with-others"])
        #expect(!none.trigger && none.duckable && none.interruptible)

        let navigation = try #require(draft.role("navigation"))
        #expect(navigation.options == ["mix-with-others", "duck-others"])
        #expect(navigation.trigger)

        let screenReaders = draft.apps.filter(\.exempt).flatMap(\.match)
        #expect(screenReaders.contains("orca"))
        #expect(screenReaders.contains("speech-dispatcher"))
        #expect(draft.apps.allSatisfy { $0.role == "accessibility" })
    }

    @Test func defaultExcludesStreamsThatAreNotApps() throws {
        let excludes = try Self.load("default.toml").draft.excludes
        func test(_ property: String) -> PolicyDraft.Exclude.Test? { excludes.first { $0.property == property }?.test }
        guard case .equals("peaks") = test("resample.method") else { Issue.record("no PulseAudio peak-detect exclusion"); return }
        guard case .equals("true") = test("resample.peaks") else { Issue.record("no PipeWire peak-detect exclusion"); return }
        guard case .equals("true") = test("audiosession.monitor-capture") else { Issue.record("no monitor-capture exclusion"); return }
        guard case .present = test("audiosession.owner-module") else { Issue.record("no module-owned exclusion"); return }
        guard case .equals("true") = test("audiosession.virtual") else { Issue.record("no virtual-node exclusion"); return }
        guard case .equals("true") = test("audiosession.agent") else { Issue.record("no exclusion of the agent's streams"); return }
        guard case .anyOf(let roles) = test("media.role") else { Issue.record("no module-role exclusion"); return }
        #expect(roles == ["abstract", "filter"])
        #expect(excludes.allSatisfy { !$0.why.isEmpty })
    }

    @Test func carNavigationDucksEverythingAndCallsAreExclusive() throws {
        let draft = try Self.load("car.toml").draft
        let calls = try #require(draft.ranks.first { $0.name == "calls" })
        let navigation = try #require(draft.ranks.first { $0.name == "navigation" })
        #expect(calls.exclusive)
        #expect(calls.rank > navigation.rank)
        // Music (playback, default mode) falls to the default rank, below navigation: it cannot interrupt it.
        #expect(navigation.rank > draft.defaultRank)
        #expect(!draft.ranks.contains { $0.categories.contains("playback") || $0.modes.contains("default") })

        let prompt = try #require(draft.role("navigation"))
        #expect(prompt.options.contains("duck-others") && prompt.options.contains("mix-with-others"))
        #expect(prompt.trigger && !prompt.duckable && !prompt.interruptible)
        let music = try #require(draft.role("music"))
        #expect(music.duckable)
        #expect(draft.duckingLevel < 0.3)
    }

    @Test func officeCallSilencesEvenNotificationsAndNotificationsMixQuietly() throws {
        let draft = try Self.load("office.toml").draft
        let calls = try #require(draft.ranks.first { $0.name == "calls" })
        #expect(calls.exclusive)
        #expect(calls.categories == ["play-and-record"])
        #expect(draft.ranks.allSatisfy { $0.name == "calls" || $0.rank < calls.rank })

        let notification = try #require(draft.role("notification"))
        #expect(notification.options == ["mix-with-others", "duck-others"])
        #expect(notification.interruptible)
        #expect(notification.trigger)
        let phone = try #require(draft.role("communication"))
        #expect(phone.mode == "voice-chat" && phone.trigger && !phone.interruptible)
    }

    /// Every setting carries a one-line comment, on its line or on the line above.
    @Test(arguments: shippedFiles)
    func everySettingHasAComment(_ name: String) throws {
        let text = try #require(try LocalPolicyFileSystem().contents(ofFile: PolicyTestPaths.shipped(name)))
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

    @Test func commentCheckSeesAnUncommentedSetting() {
        #expect(!Self.hasTrailingComment(#"why = "a # inside a string""#))
        #expect(Self.hasTrailingComment(#"why = "x"  # said"#))
    }
}
