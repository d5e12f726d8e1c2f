import Testing

@testable import AudioPolicy

@Suite("Policy loader: [server-modules]")
struct PolicyLoaderServerModulesTests {
    static func fixture(_ name: String) -> String { PolicyTestPaths.testDirectory + "/Fixtures/server-modules/" + name }

    static func problems(in file: String) -> [String] {
        let path = fixture(file)
        do {
            _ = try PolicyLoader.forFile().load(explicitFile: path)
            return []
        } catch {
            // The loader throws only PolicyLoadError (typed throws).
            return error.problems.map { String($0.description.dropFirst(fixture("").count)) }
        }
    }

    @Test func readsEveryModuleAndBothChoices() throws {
        let policy = try PolicyLoader.forFile().load(explicitFile: Self.fixture("take-over-and-leave.toml")).policy
        let expected: [ServerModule: ServerModuleChoice] = [
            .roleCork: .takeOver, .roleDucking: .leave, .switchOnConnect: .takeOver, .switchOnPortAvailable: .leave,
            .intendedRoles: .leave,
        ]
        #expect(policy.serverModules.choices == expected)
        #expect(policy.serverModules.otherPolicyModules == .takeOver)
        #expect(policy.serverModules.choice(forModuleNamed: "module-role-cork") == .takeOver)
        #expect(policy.serverModules.choice(forModuleNamed: "module-role-future") == .takeOver)
        #expect(policy.serverModules.choice(forModuleNamed: "module-switch-on-whatever") == .takeOver)
        #expect(policy.serverModules.choice(forModuleNamed: "module-stream-restore") == nil)
        #expect(policy.serverModules.choice(forModuleNamed: "module-null-sink") == nil)
    }

    /// Without the table nothing is unloaded: every policy module is left to the server.
    @Test func withoutTheTableEveryModuleIsLeft() throws {
        let policy = try PolicyLoaderTemporaryTree.with { tree in
            try PolicyLoader.forFile().load(explicitFile: tree.write("policy.toml", "version = 1\n")).policy
        }
        #expect(policy.serverModules == Policy.ServerModules())
        for module in ServerModule.allCases {
            #expect(policy.serverModules.choice(forModuleNamed: module.moduleName) == .leave)
        }
        #expect(policy.serverModules.choice(forModuleNamed: "module-role-future") == .leave)
    }

    /// A fragment changes the modules it names and keeps the base's choice for the others.
    @Test func aFragmentMergesKeyByKey() throws {
        try PolicyLoaderTemporaryTree.with { tree in
            let base = try LocalPolicyFileSystem().contents(ofFile: Self.fixture("take-over-and-leave.toml")) ?? []
            let fragment = try LocalPolicyFileSystem().contents(ofFile: Self.fixture("fragment-leaves-cork.toml")) ?? []
            try tree.write("config/audiosession/policy.toml", base)
            try tree.write("config/audiosession/policy.d/10-cork.toml", fragment)
            let loader = PolicyLoader(
                fileSystem: LocalPolicyFileSystem(),
                searchPath: PolicySearchPath(
                    environment: ["XDG_CONFIG_HOME": tree.path("config"), "XDG_CONFIG_DIRS": tree.path("none")],
                    shippedPolicy: PolicyTestPaths.shipped("default.toml")))
            let modules = try loader.load().policy.serverModules
            #expect(modules.choices[.roleCork] == .leave)
            #expect(modules.choices[.switchOnConnect] == .takeOver)
            #expect(modules.otherPolicyModules == .takeOver)
        }
    }

    @Test func everyWrongLineIsReportedWithItsLineKeyPathAndTheAcceptedValues() {
        let keys =
            "module-role-cork, module-role-ducking, module-switch-on-connect, module-switch-on-port-available, module-intended-roles, other-policy-modules"
        #expect(
            Self.problems(in: "broken-lines.toml") == [
                #"broken-lines.toml:5:1: server-modules.module-role-cok: unknown key "module-role-cok"; expected one of: \#(keys); did you mean "module-role-cork"?"#,
                "broken-lines.toml:6:1: server-modules.module-stream-restore: the agent never unloads module-stream-restore: it repairs the module's database instead, so it never keeps a ducked or silenced level; remove this line",
                #"broken-lines.toml:7:23: server-modules.module-role-ducking: unknown choice "takeover"; expected one of: take-over, leave; did you mean "take-over"?"#,
                #"broken-lines.toml:8:35: server-modules.module-switch-on-port-available: module-switch-on-port-available cannot be taken over: it switches a card's port and profile when a jack is plugged, which the agent does not do; expected "leave""#,
                #"broken-lines.toml:9:25: server-modules.module-intended-roles: expected "take-over" or "leave", found boolean true"#,
                #"broken-lines.toml:10:24: server-modules.other-policy-modules: unknown choice "keep"; expected one of: take-over, leave"#,
            ])
    }

    @Test func theTableMustBeATable() {
        #expect(
            Self.problems(in: "broken-not-a-table.toml") == [
                #"broken-not-a-table.toml:3:18: server-modules: expected a table, found string "take-over""#
            ])
    }

    /// Desktops take the role modules and switch-on-connect over and leave port switching and
    /// intended roles to the server; so do the car and office policies.
    @Test(arguments: ["default.toml", "car.toml", "office.toml"])
    func shippedPoliciesTakeRoleModulesOver(_ name: String) throws {
        let modules = try PolicyLoader.forFile().load(explicitFile: PolicyTestPaths.shipped(name)).policy.serverModules
        #expect(
            modules.choices == [
                .roleCork: .takeOver, .roleDucking: .takeOver, .switchOnConnect: .takeOver,
                .switchOnPortAvailable: .leave,
                .intendedRoles: .leave,
            ])
        #expect(modules.otherPolicyModules == .leave)
    }
}
