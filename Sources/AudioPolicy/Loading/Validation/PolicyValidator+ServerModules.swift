// `[server-modules]`: what the agent does about the server's own policy modules.
extension PolicyValidator {
    /// The key for `module-role-*` and `module-switch-on-*` modules the agent does not know by name.
    static let otherPolicyModulesKey = "other-policy-modules"

    static var serverModulesKeys: [String] { ServerModule.allCases.map(\.moduleName) + [otherPolicyModulesKey] }

    /// Modules people may expect in the table but that are never unloaded, with the reason.
    static let modulesNeverUnloaded = [
        "module-stream-restore":
            "the agent never unloads module-stream-restore: it repairs the module's database instead, so it never keeps a ducked or silenced level"
    ]

    mutating func validateServerModules(_ table: MergedTable, path: String) -> Policy.ServerModules {
        var result = Policy.ServerModules()
        for entry in table.entries {
            let node = PolicyNode(entry: entry, parentPath: path)
            if let reason = Self.modulesNeverUnloaded[entry.key] {
                report("\(reason); remove this line", at: node, onKey: true)
                continue
            }
            let module = ServerModule(moduleName: entry.key)
            guard module != nil || entry.key == Self.otherPolicyModulesKey else {
                report(
                    Self.unknownMessage(kind: "key", name: entry.key, accepted: Self.serverModulesKeys), at: node,
                    onKey: true)
                continue
            }
            let allowed = module?.allowedChoices ?? ServerModuleChoice.allCases
            guard let choice = serverModuleChoice(node, allowed: allowed, module: module) else { continue }
            if let module { result.choices[module] = choice } else { result.otherPolicyModules = choice }
        }
        return result
    }

    private mutating func serverModuleChoice(
        _ node: PolicyNode, allowed: [ServerModuleChoice], module: ServerModule?
    ) -> ServerModuleChoice? {
        let expected = allowed.map { "\"\($0.name)\"" }.joined(separator: " or ")
        guard let text = string(node, expected: expected) else { return nil }
        guard let choice = ServerModuleChoice(rawValue: text) else {
            report(
                Self.unknownMessage(kind: "choice", name: text, accepted: ServerModuleChoice.allCases.map(\.name)),
                at: node)
            return nil
        }
        guard allowed.contains(choice) else {
            let name = module?.moduleName ?? Self.otherPolicyModulesKey
            let why = module.map { ": " + $0.whyOnlyAllowedChoices } ?? ""
            report(
                "\(name) cannot be \(choice == .takeOver ? "taken over" : "left")\(why); expected \(expected)", at: node
            )
            return nil
        }
        return choice
    }
}
