import AudioPolicy
import AudioSessionModel

/// What a policy sets, in the words a person checking it wants to read.
struct PolicySummary {
    let policy: Policy

    init(_ policy: Policy) { self.policy = policy }

    var oneLine: String {
        "\(policy.enabled ? "enabled" : "switched off"), \(policy.rankRules.count) rank rules, "
            + "\(policy.roles.count) roles, \(policy.appRules.count) app rules, \(policy.exclusions.count) exclusions"
    }

    var lines: [String] {
        var lines = ["enabled: \(policy.enabled)"]
        lines.append(
            "ducking: level \(policy.ducking.level), down \(policy.ducking.rampDownMilliseconds) ms, "
                + "up \(policy.ducking.rampUpMilliseconds) ms")
        lines.append("record silences output: \(policy.interruption.recordSilencesOutput)")
        lines.append(
            "calls from a microphone capture: \(policy.interruption.captureCalls ? "on" : "off"), "
                + "held \(policy.interruption.captureCallHoldMilliseconds) ms after it closes")
        lines.append("default rank: \(policy.ranks.defaultRank)")
        for rule in policy.rankRules {
            var match: [String] = []
            if !rule.categories.isEmpty { match.append("categories " + rule.categories.map(\.kebabName).joined(separator: ",")) }
            if !rule.modes.isEmpty { match.append("modes " + rule.modes.map(\.kebabName).joined(separator: ",")) }
            if !rule.apps.isEmpty {
                match.append("apps " + rule.apps.joined(separator: ",") + " (evidence \(Self.describe(rule.evidence)))")
            }
            lines.append(
                "rank \(rule.rank) \"\(rule.name)\"\(rule.exclusive ? " exclusive" : ""): "
                    + (match.isEmpty ? "anything" : match.joined(separator: "; ")))
        }
        for (role, behavior) in policy.roles.sorted(by: { $0.key.name < $1.key.name }) {
            lines.append("role \(role.name): " + Self.describe(behavior))
        }
        for rule in policy.appRules {
            let role = rule.role.map { " role \($0.name)" } ?? ""
            lines.append(
                "app \(rule.match.joined(separator: ",")):\(rule.exempt ? " exempt" : "")\(role)"
                    + "\(rule.callWhileCapturing ? " call while capturing" : "") evidence \(Self.describe(rule.evidence))"
                    + "\(rule.overrides ? " overrides" : "")\(rule.source.map { " source \($0.rawValue)" } ?? "")")
        }
        for exclusion in policy.exclusions { lines.append("excluded: \(exclusion.why)") }
        for inclusion in policy.inclusions { lines.append("included as apps: \(inclusion.why)") }
        return lines
    }

    /// `verified,claimed`: the levels a rule accepts, best first.
    private static func describe(_ evidence: Set<IdentityEvidence>) -> String {
        evidence.sorted().map(\.rawValue).joined(separator: ",")
    }

    private static func describe(_ behavior: RoleBehavior) -> String {
        var parts = [behavior.category.kebabName, behavior.mode.kebabName]
        if !behavior.options.isEmpty { parts.append(behavior.options.kebabNames.joined(separator: ",")) }
        var flags: [String] = []
        if behavior.trigger { flags.append("trigger") }
        if !behavior.duckable { flags.append("never ducked") }
        if !behavior.interruptible { flags.append("never interrupted") }
        let text = parts.joined(separator: ", ")
        return flags.isEmpty ? text : text + " (" + flags.joined(separator: ", ") + ")"
    }
}
