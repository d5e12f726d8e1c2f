import AudioSessionTesting
import Testing

extension ServerFacts {
    /// Which policy modules Debian's stock `default.pa` loads on PulseAudio 16.1: the agent either takes
    /// their jobs over explicitly or leaves them to the server, so it has to know they are there.
    @Suite("Facts: Debian's stock PulseAudio policy modules")
    struct StockPulseModuleFacts {
        /// Every module of PulseAudio 16 that enforces or remembers policy: roles, restore databases,
        /// automatic moves, filters, suspend. Transport and device-detection modules are left out.
        static let policyModules: Set<String> = [
            "module-role-cork", "module-role-ducking", "module-intended-roles", "module-position-event-sounds",
            "module-stream-restore", "module-device-restore", "module-card-restore", "module-default-device-restore",
            "module-volume-restore", "module-device-manager", "module-augment-properties", "module-match",
            "module-switch-on-port-available", "module-switch-on-connect", "module-rescue-streams",
            "module-always-sink", "module-allow-passthrough", "module-bluetooth-policy",
            "module-filter-heuristics", "module-filter-apply", "module-suspend-on-idle",
        ]

        /// The policy modules the stock configuration loads, in its order.
        static let stockPolicyModules = [
            "module-device-restore", "module-stream-restore", "module-card-restore", "module-augment-properties",
            "module-switch-on-port-available", "module-default-device-restore", "module-always-sink",
            "module-intended-roles", "module-suspend-on-idle", "module-position-event-sounds", "module-role-cork",
            "module-filter-heuristics", "module-filter-apply",
        ]

        @Test("stock default.pa loads exactly these policy modules (module-bluetooth-policy only where installed)")
        func stockLoadsPolicyModules() async throws {
            let pulse = try await PrivatePulseAudio.start(.stock)
            defer { pulse.stop() }
            // default.pa loads module-bluetooth-policy under `.ifexists`: it comes with the
            // pulseaudio-module-bluetooth package, which the test machines may lack.
            let available = try await pulse.tool("pulseaudio", ["--dump-modules"])
            let bluetooth = available.split(separator: "\n").contains { $0.hasPrefix("module-bluetooth-policy") }
            var expected = Self.stockPolicyModules
            if bluetooth { expected.insert("module-bluetooth-policy", at: expected.firstIndex(of: "module-default-device-restore") ?? 0) }

            let loaded = try await pulse.moduleNames().filter { Self.policyModules.contains($0) }
            #expect(loaded == expected)
            #expect(!loaded.contains("module-role-ducking"), "stock corks phone's rivals; it never ducks")
        }

        @Test("the minimal test configuration loads none of them")
        func minimalLoadsNone() async throws {
            let pulse = try await PrivatePulseAudio.start(.minimal)
            defer { pulse.stop() }
            let loaded = try await pulse.moduleNames().filter { Self.policyModules.contains($0) }
            #expect(loaded.isEmpty)
        }
    }
}
