import Testing
@testable import AudioPolicy

@Suite("Policy loader: each broken file gives its expected messages")
struct PolicyLoaderBrokenFileTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var expected: [String]
        var testDescription: String { file }
    }

    static let allOptions =
        "mix-with-others, duck-others, interrupt-spoken-audio-and-mix-with-others, allow-bluetooth-hfp, allow-bluetooth-a2dp, default-to-speaker"

    static let cases: [Case] = [
        Case(file: "unknown-key.toml", expected: [
            #"unknown-key.toml:5:1: ducking.levle: unknown key "levle"; expected one of: level, ramp-down-ms, ramp-up-ms; did you mean "level"?"#
        ]),
        Case(file: "wrong-type.toml", expected: [
            #"wrong-type.toml:3:11: enabled: expected true or false, found string "yes""#,
            "wrong-type.toml:6:14: ducking.ramp-up-ms: expected a whole number from 0 to 10000 milliseconds, found float 0.5",
        ]),
        Case(file: "unknown-category.toml", expected: [
            #"unknown-category.toml:5:12: roles.music.category: unknown category "playbak"; expected one of: ambient, solo-ambient, playback, record, play-and-record, multi-route; did you mean "playback"?"#
        ]),
        Case(file: "unknown-mode.toml", expected: [
            #"unknown-mode.toml:5:8: roles.navigation.mode: unknown mode "voice-prompts"; expected one of: default, voice-chat, video-chat, game-chat, video-recording, measurement, movie-playback, spoken-audio, voice-prompt; did you mean "voice-prompt"?"#
        ]),
        Case(file: "unknown-option.toml", expected: [
            #"unknown-option.toml:6:31: roles.music.options[1]: unknown option "duck-other"; expected one of: \#(allOptions); did you mean "duck-others"?"#
        ]),
        Case(file: "unknown-evidence.toml", expected: [
            #"unknown-evidence.toml:6:25: app[0].evidence[1]: unknown evidence level "claimd"; expected one of: verified, claimed, declared; did you mean "claimed"?"#,
            #"unknown-evidence.toml:11:12: rank[0].evidence: expected at least one evidence level (verified, claimed, declared), found an empty array"#,
        ]),
        Case(file: "capture-calls.toml", expected: [
            #"capture-calls.toml:6:17: interruption.capture-calls: expected true or false, found string "yes""#,
            "capture-calls.toml:7:24: interruption.capture-call-hold-ms: 90000 is out of range; expected a whole number from 0 to 60000 milliseconds",
            "capture-calls.toml:12:24: app[0].call-while-capturing: an exempt app is never a trigger, so its playback cannot count as a call; expected false, or exempt = false",
            "capture-calls.toml:16:24: app[1].call-while-capturing: expected true or false, found integer 1",
        ]),
        Case(file: "desktop.toml", expected: [
            #"desktop.toml:5:22: desktop.resume-after-sleep: expected true or false, found string "always""#,
            #"desktop.toml:6:1: desktop.resume-after-wake: unknown key "resume-after-wake"; expected one of: resume-after-sleep, silence-ambient-when-locked, hold-notifications-during-dnd; did you mean "resume-after-sleep"?"#,
        ]),
        Case(file: "unknown-role.toml", expected: [
            #"unknown-role.toml:4:8: roles.podcast: unknown role "podcast"; expected one of: movie, music, game, notification, communication, alert, navigation, assistant, accessibility, production, test, none, a11y, animation, event, phone, video"#
        ]),
        Case(file: "out-of-range.toml", expected: [
            "out-of-range.toml:5:9: ducking.level: 1.5 is out of range; expected a number from 0.0 to 1.0",
            "out-of-range.toml:6:16: ducking.ramp-down-ms: 20000 is out of range; expected a whole number from 0 to 10000 milliseconds",
            "out-of-range.toml:10:8: rank[0].rank: 5000 is out of range; expected a whole number from 0 to 1000",
        ]),
        Case(file: "missing-version.toml", expected: [
            "missing-version.toml: version: missing; expected version = 1 at the top of the file"
        ]),
        Case(file: "future-version.toml", expected: [
            "future-version.toml:2:11: version: unsupported version 2; this agent reads version 1: the file is written for a newer audiosessiond; update it or write the file for version 1"
        ]),
        Case(file: "duplicate-role-alias.toml", expected: [
            #"duplicate-role-alias.toml:7:8: roles.phone: role "communication" is defined twice ("phone" is an alias of "communication"); first defined as "roles.communication" at line 4"#
        ]),
        Case(file: "invalid-combination.toml", expected: [
            "invalid-combination.toml:6:12: roles.game.options[0]: invalid combination with category ambient: duck-others needs a mixable category: playback, play-and-record or multi-route; ambient always mixes, so drop the option",
            "invalid-combination.toml:10:8: roles.music.mode: invalid combination with category playback: mode voice-chat needs category play-and-record; playback does not support it",
        ]),
        Case(file: "syntax-error.toml", expected: [
            "syntax-error.toml:5:7: expected '=' after key 'level', found '0.3'"
        ]),
        Case(file: "include.toml", expected: [
            #"include.toml:5:12: include[0].property: audiosession.agent cannot be included: the agent's own streams are never apps; expected another stream property, such as "node.name""#,
            "include.toml:8:1: include[1].why: missing; expected a string saying what the included streams are (shown by explain)",
            "include.toml:16:1: include[2].prefix: only one of equals, any-of, present, prefix may be given; include[2].equals is given too",
            "include.toml:20:12: include[3].property: expected a stream property name, found an empty string",
            #"include.toml:21:11: include[3].present: expected true or false, found string "yes""#,
            #"include.toml:25:12: include[4].property: audiosession.left-to-server cannot be included: a stream left to a server module is that module's ([server-modules] says which); expected another stream property, such as "node.name""#,
        ]),
        Case(file: "several-problems.toml", expected: [
            #"several-problems.toml:3:1: enabeld: unknown key "enabeld"; expected one of: version, enabled, ducking, interruption, ranks, rank, roles, app, exclude, include, server-modules, routing, voice-processing, desktop; did you mean "enabled"?"#,
            "several-problems.toml:6:9: ducking.level: -0.1 is out of range; expected a number from 0.0 to 1.0",
            #"several-problems.toml:10:31: roles.music.options[1]: unknown option "duck-other"; expected one of: \#(allOptions); did you mean "duck-others"?"#,
            #"several-problems.toml:11:11: roles.music.trigger: expected true or false, found string "no""#,
            "several-problems.toml:13:1: exclude[0].why: missing; expected a string saying what the excluded streams are (shown by explain)",
            "several-problems.toml:16:1: exclude[0].prefix: only one of equals, any-of, present, prefix may be given; exclude[0].equals is given too",
        ]),
    ]

    @Test(arguments: cases)
    func reportsEveryProblemWithFileLineKeyPathAndExpectation(_ testCase: Case) {
        let path = PolicyTestPaths.broken(testCase.file)
        let prefix = PolicyTestPaths.broken("")
        #expect {
            _ = try PolicyLoader.forFile().load(explicitFile: path)
        } throws: { error in
            guard let error = error as? PolicyLoadError else { return false }
            #expect(error.problems.allSatisfy { $0.file == path })
            let shown = error.problems.map { String($0.description.dropFirst(prefix.count)) }
            #expect(shown == testCase.expected)
            return true
        }
    }

    @Test func fixtureDirectoryHoldsExactlyTheFilesThisTableChecks() throws {
        let names = try #require(try LocalPolicyFileSystem().entries(ofDirectory: PolicyTestPaths.broken("")))
        #expect(Set(names) == Set(Self.cases.map(\.file)))
    }

    @Test func missingExplicitFileIsReported() {
        let path = PolicyTestPaths.broken("does-not-exist.toml")
        #expect {
            _ = try PolicyLoader.forFile().load(explicitFile: path)
        } throws: { error in
            (error as? PolicyLoadError)?.description == "\(path): no such file"
        }
    }

    @Test func aDirectoryGivenAsThePolicyIsReportedAsSuch() {
        let path = PolicyTestPaths.broken("")
        #expect {
            _ = try PolicyLoader.forFile().load(explicitFile: path)
        } throws: { error in
            (error as? PolicyLoadError)?.description == "\(path): cannot read the file: is a directory, expected a file"
        }
    }
}
