import AudioPolicy
@testable import AudioSessionAgent
import Foundation
import SoundServer
import Testing

/// The shipped app table (`[[app]]` in policies/default.toml) against what real clients carry:
/// each fixture in Tests/Fixtures/apps is a client's stream, client and (for calls) capture
/// properties recorded on a real server, replayed through the agent's translation and the engine
/// with the shipped policy. Every rule that says `source = "seen"` must decide for one of them.
@Suite("the shipped app table against recorded clients")
struct ShippedAppTableTests {
    struct Fixture: Decodable {
        struct Expectation: Decodable {
            /// An id the rule that decides must cover; none when no rule should.
            var rule: String?
            var role: String?
            var exempt: Bool?
            var call: Bool?
        }

        var client: String
        var server: String
        var playback: [String: String]
        var capture: [String: String]?
        var clientProperties: [String: String]
        var expect: Expectation
    }

    static let fixturesDirectory: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/Fixtures/apps"
    }()

    static func fixtures() throws -> [(String, Fixture)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: fixturesDirectory).filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { name in
            let data = try Data(contentsOf: URL(fileURLWithPath: fixturesDirectory + "/" + name))
            return (name, try JSONDecoder().decode(Fixture.self, from: data))
        }
    }

    static func shippedPolicy() throws -> Policy {
        let path = fixturesDirectory.replacingOccurrences(of: "/Tests/Fixtures/apps", with: "/policies/default.toml")
        let loader = PolicyLoader(fileSystem: LocalPolicyFileSystem(), searchPath: PolicySearchPath(environment: [:], shippedPolicy: path))
        return try loader.load(explicitFile: path).policy
    }

    /// The engine's explanation of the fixture's playback stream, its capture (if any) on the mic.
    static func explanation(of fixture: Fixture, policy: Policy) throws -> StreamExplanation {
        let instance = ServerInstance(rawValue: "fixture-1")
        var graph = Graph(
            sinks: [1: SoundDevice(kind: .sink, index: 1, name: "speaker", description: "Speaker", monitorSourceIndex: 3)],
            sources: [
                2: SoundDevice(kind: .source, index: 2, name: "mic", description: "Microphone"),
                3: SoundDevice(kind: .source, index: 3, name: "speaker.monitor", description: "Monitor", monitorOfSinkIndex: 1),
            ],
            clients: [5: SoundClient(index: 5, name: fixture.clientProperties["application.name"] ?? "", properties: fixture.clientProperties)])
        let playback = SoundStream(
            kind: .playback, index: 10, serial: 10, name: fixture.playback["media.name"] ?? "", clientIndex: 5, deviceIndex: 1,
            properties: fixture.playback)
        graph.sinkInputs[10] = playback
        let resolver = StreamSessionResolver(processes: LinuxProcessTable(root: "/nonexistent"))
        func info(_ stream: SoundStream) -> StreamInfo {
            StreamTranslation.info(
                for: stream, ref: ServerStreamRef(stream, instance: instance), in: graph, resolver: resolver, sessions: [],
                serverSetsClientSecurity: fixture.server == "pipewire")
        }
        var engine = PolicyEngine(policy: policy)
        for device in [graph.sinks[1], graph.sources[2]].compactMap({ $0 }) {
            if let device = StreamTranslation.info(for: device) { _ = engine.handle(.deviceAdded(device)) }
        }
        let played = info(playback)
        _ = engine.handle(.streamAppeared(played))
        if let capture = fixture.capture {
            let stream = SoundStream(
                kind: .capture, index: 11, serial: 11, name: capture["media.name"] ?? "", clientIndex: 5, deviceIndex: 2,
                properties: capture)
            graph.sourceOutputs[11] = stream
            _ = engine.handle(.streamAppeared(info(stream)))
        }
        return try #require(engine.explanation(of: played.id))
    }

    @Test("every recorded client gets what its entry says: the role, the exemption, a call while it records")
    func fixturesGetTheirEntries() throws {
        let policy = try Self.shippedPolicy()
        let fixtures = try Self.fixtures()
        #expect(fixtures.count >= 6)
        for (name, fixture) in fixtures {
            let explanation = try Self.explanation(of: fixture, policy: policy)
            let text = explanation.description
            if let role = fixture.expect.role { #expect(explanation.role.name == role, "\(name): \(text)") }
            if fixture.expect.exempt == true { #expect(explanation.excludedBecause?.contains("exempt app") == true, "\(name): \(text)") }
            if fixture.expect.call == true {
                #expect(explanation.captureCallBecause != nil && explanation.role == .communication, "\(name): \(text)")
            }
            if let id = fixture.expect.rule {
                let rule = try #require(policy.appRules.first { $0.match.contains(id) }, "\(name): no rule covers \(id)")
                #expect(text.contains("(\(rule.summary))") || text.contains(rule.summary + ","), "\(name) names its rule: \(text)")
            }
        }
    }

    @Test("every rule of the shipped table that says it was seen decides for a recorded client; every rule says where its ids come from")
    func seenRulesHaveFixtures() throws {
        let policy = try Self.shippedPolicy()
        let covered = Set(try Self.fixtures().compactMap(\.1.expect.rule))
        for rule in policy.appRules {
            #expect(rule.source != nil, "\(rule.summary) says no source")
            if rule.source == .seen {
                #expect(rule.match.contains { covered.contains($0) }, "\(rule.summary) has no fixture in Tests/Fixtures/apps")
            }
        }
    }
}
