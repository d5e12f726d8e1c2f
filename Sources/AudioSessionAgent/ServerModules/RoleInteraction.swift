import AudioPolicy

/// What `module-role-cork` or `module-role-ducking` does, read from its argument: while a stream
/// of a trigger role plays, streams of the target roles are corked (and muted) or ducked.
///
/// Roles are matched as PulseAudio's `stream-interaction.c` matches them: the stream's
/// `media.role` exactly; a stream without one has the role `no_role`; the target role `any_role`
/// covers every stream that is not a trigger. Groups are separated by `/` (`trigger_roles=phone/navigation`,
/// `ducking_roles=music,video/music`), roles within a group by `,`.
///
/// ```swift
/// let cork = try RoleInteraction(LoadedModule(index: 14, name: "module-role-cork", argument: ""))
/// cork.triggerRoles         // ["phone"]
/// cork.targetRoles          // ["music", "video"]
/// cork.handles(role: "phone")  // true
/// cork.handles(role: nil)      // false: "no_role" is not listed
/// ```
public struct RoleInteraction: Hashable, Sendable {
    /// What the module does to target streams.
    public enum Action: Hashable, Sendable {
        /// `module-role-cork`: mute and request a cork.
        case cork
        /// `module-role-ducking`: lower to a volume, as the module's `volume` argument gives it
        /// (`20%`, `-20dB`, `0.2`, one per group separated by `/`; `-20dB` when not given).
        case duck(volume: String)
    }

    /// One trigger-to-targets relation.
    public struct Group: Hashable, Sendable {
        /// Roles whose streams act while they play.
        public var triggerRoles: [String]
        /// Roles whose streams are acted on.
        public var targetRoles: [String]
    }

    /// The role PulseAudio gives a stream without `media.role`.
    public static let noRole = "no_role"
    /// A target role standing for every stream that is not a trigger.
    public static let anyRole = "any_role"

    /// The module's name.
    public var moduleName: String
    /// Cork or duck.
    public var action: Action
    /// The groups, in the order written.
    public var groups: [Group]
    /// `global=true`: the module acts across all devices; otherwise only on the trigger's device.
    public var global: Bool

    /// Every trigger role of every group.
    public var triggerRoles: Set<String> { Set(groups.flatMap(\.triggerRoles)) }
    /// Every target role of every group.
    public var targetRoles: Set<String> { Set(groups.flatMap(\.targetRoles)) }

    /// Reads a role module's argument with the module's defaults (trigger `phone`, targets
    /// `music,video`, ducking volume `-20dB`, `global=false`).
    ///
    /// Throws when the argument is not valid module-argument syntax or holds what the module
    /// refuses (an empty role, group counts that differ); returns `nil` for any other module.
    public init?(_ module: LoadedModule) throws(ServerModuleProblem) {
        let duck: Bool
        switch ServerModule(moduleName: module.name) {
        case .roleCork?: duck = false
        case .roleDucking?: duck = true
        default: return nil
        }
        let targetKey = duck ? "ducking_roles" : "cork_roles"
        let arguments: ModuleArguments
        do {
            arguments = try ModuleArguments(parsing: module.argument)
        } catch {
            throw ServerModuleProblem(module: module, reason: error.description)
        }
        func groups(_ key: String, default fallback: [String]) throws(ServerModuleProblem) -> [[String]] {
            do {
                let parsed = try Self.groups(arguments[key] ?? "", key: key)
                return parsed.isEmpty ? [fallback] : parsed
            } catch {
                throw ServerModuleProblem(module: module, reason: error.reason)
            }
        }
        var triggers = try groups("trigger_roles", default: ["phone"])
        var targets = try groups(targetKey, default: ["music", "video"])
        if duck {
            // Several groups are a ducking feature; every list must then have as many.
            let counts = ["trigger_roles", "ducking_roles", "volume"].map { key in
                arguments[key].map { $0.isEmpty ? 0 : $0.split(separator: "/", omittingEmptySubsequences: false).count }
                    ?? 0
            }
            if counts.contains(where: { $0 > 1 }), Set(counts).count > 1 {
                throw ServerModuleProblem(
                    module: module,
                    reason: "trigger_roles, ducking_roles and volume have \(counts[0]), \(counts[1]) and \(counts[2]) "
                        + "groups; with more than one group the module needs as many of each")
            }
            self.action = .duck(volume: arguments["volume"] ?? "-20dB")
        } else {
            // module-role-cork has one group: a '/' does not start another.
            triggers = [triggers.flatMap { $0 }]
            targets = [targets.flatMap { $0 }]
            self.action = .cork
        }
        var global = false
        if let text = arguments["global"] {
            guard let flag = Self.boolean(text) else {
                throw ServerModuleProblem(
                    module: module,
                    reason: "global=\"\(text)\" is not a boolean; expected 1, 0, yes, no, true, false, on or off")
            }
            global = flag
        }
        self.moduleName = module.name
        self.groups = zip(triggers, targets).map { Group(triggerRoles: $0, targetRoles: $1) }
        self.global = global
    }

    /// Whether the module acts on, or is set off by, streams with this `media.role` (`nil`: none).
    public func handles(role: String?) -> Bool {
        let role = role.flatMap { $0.isEmpty ? nil : $0 } ?? Self.noRole
        if triggerRoles.contains(role) { return true }
        return targetRoles.contains(role) || targetRoles.contains(Self.anyRole)
    }

    private struct ListProblem: Error {
        var reason: String
    }

    /// `phone,music/navigation` as groups of roles; an empty text has none. The module refuses an
    /// empty group or role (`phone,`), so they are refused here too.
    private static func groups(_ text: String, key: String) throws(ListProblem) -> [[String]] {
        guard !text.isEmpty else { return [] }
        var result: [[String]] = []
        for group in text.split(separator: "/", omittingEmptySubsequences: false) {
            let roles = group.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard !group.isEmpty, !roles.contains(where: \.isEmpty) else {
                throw ListProblem(
                    reason:
                        "\(key)=\"\(text)\" has an empty role or group; expected roles separated by ',' and groups by '/'"
                )
            }
            result.append(roles)
        }
        return result
    }

    /// PulseAudio's `pa_parse_boolean` spellings.
    private static func boolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "1", "y", "yes", "t", "true", "on": true
        case "0", "n", "no", "f", "false", "off": false
        default: nil
        }
    }
}
