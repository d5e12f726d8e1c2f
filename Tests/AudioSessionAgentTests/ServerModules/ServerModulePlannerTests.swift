import AudioPolicy
import Testing

@testable import AudioSessionAgent

@Suite("Server-module planner: take over or leave, and load back what was taken")
struct ServerModulePlannerTests {
    /// The policy-relevant part of what Debian's stock default.pa loads (PulseAudio 16.1).
    static let stock = [
        LoadedModule(index: 0, name: "module-device-restore"),
        LoadedModule(index: 1, name: "module-stream-restore"),
        LoadedModule(index: 4, name: "module-switch-on-port-available"),
        LoadedModule(index: 10, name: "module-intended-roles"),
        LoadedModule(index: 14, name: "module-role-cork"),
        LoadedModule(index: 16, name: "module-filter-apply"),
        LoadedModule(index: 18, name: "module-null-sink", argument: "sink_name=speaker"),
    ]

    static let takeOverRoles = Policy.ServerModules(choices: [.roleCork: .takeOver, .roleDucking: .takeOver])

    @Test func takingOverJournalsEachModuleBeforeUnloadingIt() {
        let ducking = LoadedModule(
            index: 21, name: "module-role-ducking", argument: "trigger_roles=navigation volume='25%'")
        let plan = ServerModulePlanner.plan(loaded: [ducking] + Self.stock, policy: Self.takeOverRoles)
        #expect(plan.unloads.map(\.module) == [Self.stock[4], ducking])
        #expect(
            plan.actions == [
                .journal(.moduleUnloaded(name: "module-role-cork", argument: "")),
                .unload(index: 14, name: "module-role-cork"),
                .journal(
                    .moduleUnloaded(name: "module-role-ducking", argument: "trigger_roles=navigation volume='25%'")),
                .unload(index: 21, name: "module-role-ducking"),
            ])
        // Nothing else is a policy module; stream-restore is repaired, never unloaded.
        #expect(plan.left.map(\.module.name) == ["module-switch-on-port-available", "module-intended-roles"])
        #expect(plan.left.map(\.job) == [.cardPorts, .deviceChoice])
        #expect(plan.deviceChoiceLeftToServer)
        #expect(plan.problems.isEmpty)
        // Nothing is left that handles roles, so no stream is marked.
        #expect(plan.moduleHandling(role: "phone") == nil)
    }

    @Test func leavingRoleCorkMarksExactlyTheRolesItHandles() throws {
        let plan = ServerModulePlanner.plan(loaded: Self.stock, policy: Policy.ServerModules())
        #expect(plan.unloads.isEmpty && plan.actions.isEmpty)
        let cork = try #require(plan.left.first { $0.module.name == "module-role-cork" })
        guard case .roles(let interaction) = cork.job else {
            Issue.record("module-role-cork left without its roles: \(cork.job)")
            return
        }
        #expect(interaction.triggerRoles == ["phone"] && interaction.targetRoles == ["music", "video"])
        #expect(plan.moduleHandling(role: "phone") == "module-role-cork")
        #expect(plan.moduleHandling(role: "music") == "module-role-cork")
        #expect(plan.moduleHandling(role: "video") == "module-role-cork")
        #expect(plan.moduleHandling(role: "event") == nil)
        #expect(plan.moduleHandling(role: nil) == nil)
    }

    @Test func unknownPolicyModulesFollowTheirOwnChoice() {
        let future = LoadedModule(index: 30, name: "module-role-future", argument: "x=1")
        let takeOver = ServerModulePlanner.plan(loaded: [future], policy: .init(otherPolicyModules: .takeOver))
        #expect(takeOver.unloads.map(\.module) == [future])
        let leave = ServerModulePlanner.plan(loaded: [future], policy: .init())
        #expect(leave.left == [LeftModule(module: future, job: .unknown)])
        #expect(leave.moduleHandling(role: "music") == nil)
    }

    /// A role module left in charge whose argument cannot be read is reported, and every stream
    /// is kept off rather than risk a fight.
    @Test func anUnreadableLeftModuleIsReportedAndHandlesEveryStream() {
        let broken = LoadedModule(index: 14, name: "module-role-cork", argument: "trigger_roles='phone")
        let plan = ServerModulePlanner.plan(loaded: [broken], policy: .init())
        #expect(plan.left == [LeftModule(module: broken, job: .unreadableRoles)])
        #expect(
            plan.problems.map(\.description) == [
                #"module-role-cork (#14): module argument "trigger_roles='phone": the single quote at character 15 is never closed"#
            ])
        #expect(plan.moduleHandling(role: "event") == "module-role-cork")
        #expect(plan.moduleHandling(role: nil) == "module-role-cork")
        // Taken over, the argument is journalled as it is, unread.
        let takeOver = ServerModulePlanner.plan(loaded: [broken], policy: Self.takeOverRoles)
        #expect(
            takeOver.actions.first
                == .journal(.moduleUnloaded(name: "module-role-cork", argument: "trigger_roles='phone")))
    }

    @Test func restoreLoadsBackWhatIsMissingAndSkipsWhatIsLoadedAgain() {
        let pending: [PendingRestore] = [
            .volume(7, base: .streamVolume(StreamVolume([65536, 65536])), appliedLevel: 0.3),
            .module(name: "module-role-cork", argument: ""),
            .module(name: "module-role-ducking", argument: "trigger_roles=phone global=1"),
            .module(name: "module-switch-on-connect", argument: "only_from_unavailable=yes"),
        ]
        let loaded = [
            LoadedModule(index: 40, name: "module-role-ducking", argument: #"global=1  trigger_roles="phone""#),
            LoadedModule(index: 41, name: "module-switch-on-connect", argument: "only_from_unavailable=no"),
        ]
        let plan = ServerModulePlanner.restorePlan(pending: pending, loaded: loaded)
        #expect(
            plan.reloads == [
                ModuleReload(name: "module-role-cork", argument: ""),
                ModuleReload(name: "module-switch-on-connect", argument: "only_from_unavailable=yes"),
            ])
        #expect(
            plan.alreadyLoaded == [ModuleReload(name: "module-role-ducking", argument: "trigger_roles=phone global=1")])
        #expect(
            plan.reloads.map(\.journalKey) == [
                .module(name: "module-role-cork", argument: ""),
                .module(name: "module-switch-on-connect", argument: "only_from_unavailable=yes"),
            ])
    }

    /// Two journalled instances with different arguments need two loaded instances to be skipped.
    @Test func oneLoadedInstanceCoversOneJournalledInstance() {
        let pending: [PendingRestore] = [
            .module(name: "module-role-ducking", argument: "trigger_roles=phone"),
            .module(name: "module-role-ducking", argument: "trigger_roles='phone'"),
        ]
        let loaded = [LoadedModule(index: 5, name: "module-role-ducking", argument: "trigger_roles=phone")]
        let plan = ServerModulePlanner.restorePlan(pending: pending, loaded: loaded)
        #expect(plan.alreadyLoaded.map(\.argument) == ["trigger_roles=phone"])
        #expect(plan.reloads.map(\.argument) == ["trigger_roles='phone'"])
    }
}
