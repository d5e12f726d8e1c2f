import Testing
@testable import AudioPolicy

/// Other graph tools' streams (loopbacks, filters, JACK clients, effect hosts), with the
/// properties the servers really show for them, are not apps under the shipped policy: never
/// ducked, never silenced, never triggers. A player on a virtual device still is one, and an
/// `[[include]]` fragment brings one kind back.
@Suite("Graph tools' streams are not apps unless a policy includes them")
struct GraphToolStreamTests {
    /// Streams as read off private servers (PulseAudio 16.1, PipeWire 0.3.65 through pipewire-pulse
    /// and natively), plus the facts the backends add; the JACK node's properties are those
    /// pipewire-jack writes (client.api, role DSP), EasyEffects' its published nodes carry.
    static let graphTools: [(StreamID, [String: String])] = [
        ("pa-module-loopback", ["media.name": "Loopback of Monitor of Speaker", "media.role": "abstract", "audiosession.owner-module": "module-loopback"]),
        ("pw-module-loopback", ["node.name": "output.loopback-860-12", "pulse.module.id": "536870913", "node.virtual": "true", "audiosession.virtual": "true"]),
        ("pw-loopback", ["node.name": "output.myloop", "node.group": "pw-loopback-998", "node.virtual": "true", "audiosession.virtual": "true"]),
        // A filter-chain whose playback side says it carries a call: still not a call of its own.
        ("filter-chain", ["media.name": "filter-chain output", "media.role": "Communication", "node.virtual": "true"]),
        ("jack-client", ["node.name": "ardour", "client.api": "jack", "media.role": "DSP", "media.category": "Duplex"]),
        ("jack-via-pulse", ["node.name": "jackish-out", "client.api": "jack", "media.role": "DSP"]),
        ("easyeffects", ["node.name": "ee_soe_output_level", "application.id": "com.github.wwmm.easyeffects"]),
    ]

    static func stream(_ id: StreamID, _ properties: [String: String]) -> StreamInfo {
        StreamInfo(id: id, direction: .playback, properties: properties, isSounding: true)
    }

    static func shippedEngine() throws -> PolicyEngine {
        PolicyEngine(policy: try ShippedPolicyTests.load("default.toml"))
    }

    @Test func aCallNeitherDucksNorSilencesGraphToolStreamsButSilencesAPlayerOnAVirtualSink() throws {
        var engine = try Self.shippedEngine()
        for (id, properties) in Self.graphTools { _ = engine.handle(.streamAppeared(Self.stream(id, properties))) }
        // mpv playing into a null sink used as a virtual output (OBS, a recorder): its stream is an app's.
        _ = engine.handle(.streamAppeared(Self.stream("player-on-null-sink", ["application.name": "mpv", "media.role": "music"])))
        _ = engine.handle(.streamAppeared(Self.stream("prompt", ["media.role": "Navigation"])))
        #expect(engine.effects(on: "player-on-null-sink") == .ducked(level: 0.3))
        _ = engine.handle(.streamAppeared(Self.stream("call", ["media.role": "phone"])))
        #expect(engine.effects(on: "player-on-null-sink") == .silenced(.exclusive))
        for (id, _) in Self.graphTools {
            #expect(engine.effects(on: id) == .playing, "\(id)")
            let why = try #require(engine.explanation(of: id)?.excludedBecause, "\(id)")
            #expect(why.hasPrefix("excluded: "), "\(id): \(why)")
        }
        #expect(engine.explanation(of: "jack-client")?.description.contains("excluded: JACK client") == true)
        #expect(engine.explanation(of: "easyeffects")?.description.contains("excluded: EasyEffects' own nodes") == true)
    }

    /// A looped or filtered stream carries another app's audio, whatever role it names: it acts on
    /// nobody (a filter-chain for calls, a loopback of a navigation prompt).
    @Test func graphToolStreamsAreNeverTriggers() throws {
        var engine = try Self.shippedEngine()
        _ = engine.handle(.streamAppeared(Self.stream("music", ["media.role": "music"])))
        for (id, properties) in Self.graphTools { _ = engine.handle(.streamAppeared(Self.stream(id, properties))) }
        _ = engine.handle(.streamAppeared(Self.stream("looped-prompt", ["media.role": "Navigation", "node.virtual": "true"])))
        #expect(engine.effects(on: "music") == .playing)
    }

    static let includeJackPlayer = """
        version = 1

        [[include]]
        why = "my JACK music player"
        property = "node.name"
        equals = "jack-player"
        """

    static func engine(withFragments fragments: [String]) throws -> PolicyEngine {
        let shipped = try #require(try LocalPolicyFileSystem().contents(ofFile: PolicyTestPaths.shipped("default.toml")))
        let base = try #require(String(validating: shipped, as: UTF8.self))
        return PolicyEngine(policy: try PolicyLoaderMergeTests.load(base: base, fragments: fragments).policy)
    }

    @Test func anIncludeFragmentMakesOneKindOfExcludedStreamAnAppAgain() throws {
        var engine = try Self.engine(withFragments: [Self.includeJackPlayer])
        let jack = ["client.api": "jack", "media.role": "DSP"]
        _ = engine.handle(.streamAppeared(Self.stream("jack-player", jack.merging(["node.name": "jack-player"]) { $1 })))
        _ = engine.handle(.streamAppeared(Self.stream("ardour", jack.merging(["node.name": "ardour"]) { $1 })))
        _ = engine.handle(.streamAppeared(Self.stream("call", ["media.role": "phone"])))
        // Included: role DSP is no role the policy knows, so it plays as `none` and a call silences it.
        #expect(engine.effects(on: "jack-player") == .silenced(.exclusive))
        #expect(engine.effects(on: "ardour") == .playing, "the fragment brings back only what it names")
        let explanation = try #require(engine.explanation(of: "jack-player"))
        #expect(explanation.excludedBecause == nil)
        #expect(explanation.includedBecause == "counts as an app: my JACK music player ([[include]]), though excluded as JACK client")
        #expect(explanation.description.contains("counts as an app: my JACK music player"))
        #expect(engine.explanation(of: "ardour")?.includedBecause == nil)
    }

    @Test func theAgentsOwnStreamsAreNeverIncluded() throws {
        let everything = "version = 1\n\n[[include]]\nwhy = \"everything virtual\"\nproperty = \"node.virtual\"\npresent = true\n"
        var engine = try Self.engine(withFragments: [everything])
        _ = engine.handle(.streamAppeared(Self.stream("agent-tone", ["audiosession.agent": "true", "node.virtual": "true", "media.role": "music"])))
        _ = engine.handle(.streamAppeared(Self.stream("loop", ["node.virtual": "true", "media.role": "music"])))
        _ = engine.handle(.streamAppeared(Self.stream("call", ["media.role": "phone"])))
        #expect(engine.effects(on: "agent-tone") == .playing)
        #expect(engine.explanation(of: "agent-tone")?.excludedBecause != nil)
        #expect(engine.effects(on: "loop") == .silenced(.exclusive), "the loopback the fragment included is an app")
    }
}
