public import AudioPolicy

/// Decides, from plain values, what the agent does about the server's policy modules: which to
/// take over (journal, then unload) and which to leave, with the roles those handle; and, when
/// the agent exits or after a crash, which journalled modules to load again.
///
/// Pure: it reads module lists and journal restores and returns plans; the caller talks to the
/// server and the journal.
///
/// ```swift
/// let modules = [LoadedModule(index: 14, name: "module-role-cork", argument: "")]
/// var settings = Policy.ServerModules()
/// settings.choices[.roleCork] = .takeOver
/// let plan = ServerModulePlanner.plan(loaded: modules, policy: settings)
/// plan.actions  // [.journal(.moduleUnloaded(name: "module-role-cork", argument: "")), .unload(index: 14, name: "module-role-cork")]
/// ```
public enum ServerModulePlanner {
    /// The plan for the modules loaded now. Modules that are not policy modules
    /// (`module-stream-restore` included: its database is repaired, never unloaded) are ignored.
    ///
    /// Two instances with the same name and argument share one journal key, so they come back as
    /// one: a second identical role module only repeated the first one's work.
    public static func plan(loaded: [LoadedModule], policy: Policy.ServerModules) -> ServerModulePlan {
        var plan = ServerModulePlan()
        for module in loaded.sorted(by: { $0.index < $1.index }) {
            switch policy.choice(forModuleNamed: module.name) {
            case nil: continue
            case .takeOver?: plan.unloads.append(ModuleUnload(module: module))
            case .leave?: plan.left.append(LeftModule(module: module, job: job(of: module, problems: &plan.problems)))
            }
        }
        return plan
    }

    /// The journalled modules to load again, given the modules loaded now. A module already loaded
    /// with the same settings (the same key/value pairs, in any order) is not loaded twice.
    public static func restorePlan(pending: [PendingRestore], loaded: [LoadedModule]) -> ModuleRestorePlan {
        var plan = ModuleRestorePlan()
        var unmatched = loaded
        for restore in pending {
            guard case .module(let name, let argument) = restore else { continue }
            let reload = ModuleReload(name: name, argument: argument)
            if let match = unmatched.firstIndex(where: { $0.name == name && sameSettings($0.argument, argument) }) {
                unmatched.remove(at: match)
                plan.alreadyLoaded.append(reload)
            } else {
                plan.reloads.append(reload)
            }
        }
        return plan
    }

    /// The job a module keeps when it is left in charge; a role module whose argument cannot be
    /// read adds its problem to `problems` and keeps every role.
    static func job(of module: LoadedModule, problems: inout [ServerModuleProblem]) -> LeftModule.Job {
        switch ServerModule(moduleName: module.name) {
        case .roleCork?, .roleDucking?:
            do {
                guard let interaction = try RoleInteraction(module) else { return .unknown }
                return .roles(interaction)
            } catch {
                problems.append(error)
                return .unreadableRoles
            }
        case .switchOnConnect?, .intendedRoles?: return .deviceChoice
        case .switchOnPortAvailable?: return .cardPorts
        case nil: return .unknown
        }
    }

    /// Whether two argument strings configure a module alike; unreadable ones only when identical.
    private static func sameSettings(_ first: String, _ second: String) -> Bool {
        if first == second { return true }
        guard let a = try? ModuleArguments(parsing: first), let b = try? ModuleArguments(parsing: second) else {
            return false
        }
        return a.sameSettings(as: b)
    }
}
