import AudioPolicy
import AudioSessionModel
import PolicyScenarios
import Testing

/// The seam a real-agent runner plugs into: a world that measures rather than computes (levels in
/// server volume steps, no silence causes, no decisions) is held to the same table, and sees the
/// expectation it may poll for.
@Suite("Scenario worlds other than the engine")
struct ScenarioWorldTests {
    /// The engine seen as a server shows it: levels in whole-percent steps and slightly off (as a
    /// server's volume steps leave them), silences without a cause, and no decisions.
    struct MeasuringWorld: ScenarioWorld {
        var engine: PolicyEngineWorld
        var duckLevelTolerance: Double
        var expectations: [ScenarioExpectation] = []

        var name: String { "the measuring world" }

        mutating func perform(_ action: ScenarioAction) async throws {
            try engine.perform(action)
        }

        mutating func observe(expecting expected: ScenarioExpectation) async throws -> ScenarioObservation {
            expectations.append(expected)
            var observation = engine.observe(expecting: expected)
            for (name, state) in observation.streams {
                switch state {
                case .ducked(let level): observation.streams[name] = .ducked(level: (level * 100).rounded() / 100 + 0.004)
                case .silenced: observation.streams[name] = .silenced(nil)
                case .playing: break
                }
            }
            observation.decisions = nil
            return observation
        }
    }

    static func scenario(_ text: String) throws -> Scenario {
        try ScenarioParser(path: PolicyTestPaths.testDirectory + "/Scenarios/inline.toml", shippedPolicies: PolicyTestPaths.repository + "/policies")
            .parse(text)
    }

    static func run(_ text: String, tolerance: Double) async throws -> (ScenarioRun, MeasuringWorld) {
        let scenario = try scenario(text)
        var world = MeasuringWorld(engine: try PolicyEngineWorld(scenario: scenario), duckLevelTolerance: tolerance)
        let run = try await ScenarioRunner(scenario: scenario).run(in: &world)
        return (run, world)
    }

    static let duck = """
        [streams.song]
        role = "music"

        [streams.prompt]
        role = "Navigation"

        [[step]]
        do = "appear song"

        [[step]]
        do = "appear prompt"
        streams = { song = "ducked 0.3" }
        """

    @Test func aMeasuredLevelMatchesWithinTheWorldsTolerance() async throws {
        let (run, _) = try await Self.run(Self.duck, tolerance: 0.01)
        #expect(run.isAsExpected, "\(run.report ?? "")")
    }

    @Test func aMeasuredLevelOutsideTheToleranceDiffers() async throws {
        let (run, _) = try await Self.run(Self.duck, tolerance: 1e-9)
        #expect(run.report?.contains("stream song: expected ducked 0.3, got ducked 0.304") == true, "\(run.report ?? "")")
    }

    @Test func decisionsAWorldCannotSeeAreADifferenceNotASkip() async throws {
        let (run, _) = try await Self.run(Self.duck + "\ndecisions = [\"duck song level=0.3 ramp=250\"]\n", tolerance: 0.01)
        let report = try #require(run.report)
        #expect(report.contains("but the measuring world does not report its decisions"), "\(report)")
    }

    static func call(songState: String) -> String {
        """
            [sessions.player]
            category = "playback"

            [sessions.phone]
            category = "play-and-record"
            mode = "voice-chat"

            [streams.song]
            session = "player"

            [[step]]
            do = ["register player", "activate player", "appear song"]
            signals = { player = ["activated"] }

            [[step]]
            do = ["register phone", "activate phone"]
            streams = { song = "\(songState)" }
            signals = { player = ["interruption-began"], phone = ["activated"] }
            """
    }

    @Test func aNamedSilenceCauseNeedsAWorldThatSeesIt() async throws {
        let (run, world) = try await Self.run(Self.call(songState: "silenced"), tolerance: 0.01)
        #expect(run.isAsExpected, "\(run.report ?? "")")
        #expect(world.expectations.count == 2)
        #expect(world.expectations.last?.streams == ["song": .silenced(nil)])
        #expect(world.expectations.last?.signals == ["player": [.interruptionBegan(.default)], "phone": [.activated]])

        let (strict, _) = try await Self.run(Self.call(songState: "silenced interruption"), tolerance: 0.01)
        #expect(strict.report?.contains("stream song: expected silenced interruption, got silenced") == true)
    }
}
