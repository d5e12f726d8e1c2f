import Testing

@testable import AudioSessionAgent

@Suite("Role modules: which roles they handle, read from their arguments")
struct RoleInteractionTests {
    static func cork(_ argument: String) throws -> RoleInteraction? {
        try RoleInteraction(LoadedModule(index: 14, name: "module-role-cork", argument: argument))
    }

    static func ducking(_ argument: String) throws -> RoleInteraction? {
        try RoleInteraction(LoadedModule(index: 20, name: "module-role-ducking", argument: argument))
    }

    /// Debian's default.pa loads module-role-cork without arguments: the module's defaults apply.
    @Test func stockCorkUsesTheModuleDefaults() throws {
        let cork = try #require(try Self.cork(""))
        #expect(cork.action == .cork)
        #expect(cork.triggerRoles == ["phone"])
        #expect(cork.targetRoles == ["music", "video"])
        #expect(!cork.global)
        #expect(cork.handles(role: "phone") && cork.handles(role: "music") && cork.handles(role: "video"))
        #expect(!cork.handles(role: "event") && !cork.handles(role: nil) && !cork.handles(role: ""))
        // PulseAudio compares roles exactly: PipeWire's spelling is another role.
        #expect(!cork.handles(role: "Music"))
    }

    @Test func corkArgumentsReplaceTheDefaults() throws {
        let cork = try #require(try Self.cork("trigger_roles=phone,a11y cork_roles='music,game' global=on"))
        #expect(cork.triggerRoles == ["phone", "a11y"])
        #expect(cork.targetRoles == ["music", "game"])
        #expect(cork.global)
        #expect(!cork.handles(role: "video"))
    }

    @Test func duckingReadsGroupsAndVolumes() throws {
        let ducking = try #require(
            try Self.ducking(
                "trigger_roles=phone/navigation ducking_roles=music,video/music volume=30%/-10dB global=yes"))
        #expect(ducking.action == .duck(volume: "30%/-10dB"))
        #expect(ducking.groups.map(\.triggerRoles) == [["phone"], ["navigation"]])
        #expect(ducking.groups.map(\.targetRoles) == [["music", "video"], ["music"]])
        #expect(ducking.global)
        #expect(ducking.handles(role: "navigation"))
        #expect(try #require(try Self.ducking("")).action == .duck(volume: "-20dB"))
    }

    /// `no_role` names streams without a role; `any_role` targets every stream that is not a trigger.
    @Test func noRoleAndAnyRole() throws {
        let anyRole = try #require(try Self.ducking("trigger_roles=phone ducking_roles=any_role"))
        #expect(anyRole.handles(role: nil) && anyRole.handles(role: "event") && anyRole.handles(role: "phone"))
        let noRole = try #require(try Self.cork("cork_roles=no_role"))
        #expect(noRole.handles(role: nil) && noRole.handles(role: ""))
        #expect(!noRole.handles(role: "music"))
    }

    @Test func otherModulesAreNotRoleModules() throws {
        #expect(try RoleInteraction(LoadedModule(index: 1, name: "module-stream-restore")) == nil)
        #expect(try RoleInteraction(LoadedModule(index: 2, name: "module-intended-roles")) == nil)
    }

    struct Refused: CustomTestStringConvertible, Sendable {
        var name: String
        var argument: String
        var reason: String
        var testDescription: String { "\(name) \(argument)" }
    }

    static let refused: [Refused] = [
        Refused(
            name: "module-role-cork", argument: "global=maybe",
            reason: #"global="maybe" is not a boolean; expected 1, 0, yes, no, true, false, on or off"#),
        Refused(
            name: "module-role-cork", argument: "trigger_roles=phone,",
            reason:
                #"trigger_roles="phone," has an empty role or group; expected roles separated by ',' and groups by '/'"#
        ),
        Refused(
            name: "module-role-ducking", argument: "trigger_roles=phone/navigation ducking_roles=music",
            reason:
                "trigger_roles, ducking_roles and volume have 2, 1 and 0 groups; with more than one group the module needs as many of each"
        ),
        Refused(
            name: "module-role-ducking", argument: "volume='20%",
            reason: #"module argument "volume='20%": the single quote at character 8 is never closed"#),
    ]

    @Test(arguments: refused)
    func refusesWhatTheModuleRefuses(_ testCase: Refused) {
        let module = LoadedModule(index: 9, name: testCase.name, argument: testCase.argument)
        #expect(throws: ServerModuleProblem(module: module, reason: testCase.reason)) {
            _ = try RoleInteraction(module)
        }
    }
}
