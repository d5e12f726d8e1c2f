import AudioSessionModel
import TOMLReader

// The schema, section by section (docs/policy-format.md is the reference).
extension PolicyValidator {
    static let rootKeys = ["version", "enabled", "ducking", "interruption", "ranks", "rank", "roles", "app", "exclude", "include", "server-modules", "routing", "voice-processing", "desktop"]
    static let duckingKeys = ["level", "ramp-down-ms", "ramp-up-ms"]
    static let interruptionKeys = [
        "record-silences-output", "capture-calls", "capture-call-hold-ms", "interrupt-on-route-disconnect",
        "honour-no-alert-interruptions", "honour-system-sounds-during-recording",
    ]
    /// The boolean keys of `[interruption]` and the settings they set.
    static var interruptionFlags: [(key: String, setting: WritableKeyPath<Policy.Interruption, Bool>)] {
        [
            ("record-silences-output", \.recordSilencesOutput), ("capture-calls", \.captureCalls),
            ("interrupt-on-route-disconnect", \.interruptOnRouteDisconnect),
            ("honour-no-alert-interruptions", \.honourNoAlertInterruptions),
            ("honour-system-sounds-during-recording", \.honourSystemSoundsDuringRecording),
        ]
    }
    /// The boolean keys of `[desktop]` and the settings they set.
    static var desktopFlags: [(key: String, setting: WritableKeyPath<Policy.Desktop, Bool>)] {
        [
            ("resume-after-sleep", \.resumeAfterSleep), ("silence-ambient-when-locked", \.silenceAmbientWhenLocked),
            ("hold-notifications-during-dnd", \.holdNotificationsDuringDoNotDisturb),
        ]
    }
    static let desktopKeys = desktopFlags.map(\.key)
    static let ranksKeys = ["default"]
    static let rankKeys = ["name", "categories", "modes", "apps", "rank", "exclusive", "evidence"]
    static let roleKeys = ["category", "mode", "options", "trigger", "duckable", "interruptible"]
    static let appKeys = ["match", "exempt", "role", "evidence", "call-while-capturing", "overrides", "match-children", "source"]
    static let excludeKeys = ["why", "property", "equals", "any-of", "present", "prefix"]

    static let maximumRampMilliseconds = 10_000
    static let maximumRank = 1_000
    /// A minute: a microphone closed for longer than that has ended its call.
    static let maximumCaptureCallHoldMilliseconds = 60_000

    /// Checks `version` in one file before it is merged: every file, fragments included, says
    /// which format it is written for, so a file written for a newer agent is never half-read.
    mutating func checkVersion(of table: TOMLTable, file: String) -> Bool {
        guard let entry = table.entry(for: "version") else {
            report(
                "missing; expected version = \(PolicyVocabulary.supportedVersion) at the top of the file",
                file: file, position: nil, path: "version")
            return false
        }
        guard let version = entry.value.integer else {
            report(
                "expected the whole number \(PolicyVocabulary.supportedVersion), found \(PolicyNode(value: entry.value, file: file, path: "version").foundDescription)",
                file: file, position: entry.value.position, path: "version")
            return false
        }
        guard version == PolicyVocabulary.supportedVersion else {
            let hint = version > PolicyVocabulary.supportedVersion
                ? "the file is written for a newer audiosessiond; update it or write the file for version \(PolicyVocabulary.supportedVersion)"
                : "write the file for version \(PolicyVocabulary.supportedVersion)"
            report(
                "unsupported version \(version); this agent reads version \(PolicyVocabulary.supportedVersion): \(hint)",
                file: file, position: entry.value.position, path: "version")
            return false
        }
        return true
    }

    /// Checks the merged tree and returns the policy; problems are collected in ``problems``
    /// (the returned policy is meaningful only when there are none).
    mutating func validate(_ root: MergedTable) -> Policy {
        var draft = Policy(version: Int(PolicyVocabulary.supportedVersion))
        rejectUnknownKeys(in: root, path: "", known: Self.rootKeys)
        if let node = child("enabled", of: root, path: ""), let value = boolean(node) { draft.enabled = value }

        if let node = child("ducking", of: root, path: ""), let ducking = table(node) {
            rejectUnknownKeys(in: ducking, path: node.path, known: Self.duckingKeys)
            if let level = child("level", of: ducking, path: node.path), let value = number(level, in: 0.0...1.0) {
                draft.ducking.level = value
            }
            if let ramp = child("ramp-down-ms", of: ducking, path: node.path),
                let value = integer(ramp, in: 0...Self.maximumRampMilliseconds, unit: " milliseconds")
            {
                draft.ducking.rampDownMilliseconds = value
            }
            if let ramp = child("ramp-up-ms", of: ducking, path: node.path),
                let value = integer(ramp, in: 0...Self.maximumRampMilliseconds, unit: " milliseconds")
            {
                draft.ducking.rampUpMilliseconds = value
            }
        }

        if let node = child("interruption", of: root, path: ""), let interruption = table(node) {
            rejectUnknownKeys(in: interruption, path: node.path, known: Self.interruptionKeys)
            readFlags(Self.interruptionFlags, of: interruption, path: node.path, into: &draft.interruption)
            if let hold = child("capture-call-hold-ms", of: interruption, path: node.path),
                let value = integer(hold, in: 0...Self.maximumCaptureCallHoldMilliseconds, unit: " milliseconds")
            {
                draft.interruption.captureCallHoldMilliseconds = value
            }
        }

        if let node = child("desktop", of: root, path: ""), let desktop = table(node) {
            rejectUnknownKeys(in: desktop, path: node.path, known: Self.desktopKeys)
            readFlags(Self.desktopFlags, of: desktop, path: node.path, into: &draft.desktop)
        }

        if let node = child("ranks", of: root, path: ""), let ranks = table(node) {
            rejectUnknownKeys(in: ranks, path: node.path, known: Self.ranksKeys)
            if let rank = child("default", of: ranks, path: node.path), let value = integer(rank, in: 0...Self.maximumRank) {
                draft.ranks.defaultRank = value
            }
        }

        for (element, path) in tableListElements("rank", of: root) {
            if let rule = validateRank(element, path: path) { draft.rankRules.append(rule) }
        }
        if let node = child("roles", of: root, path: ""), let roles = table(node) {
            draft.roles = validateRoles(roles, path: node.path)
        }
        for (element, path) in tableListElements("app", of: root) {
            if let rule = validateApp(element, path: path) { draft.appRules.append(rule) }
        }
        // The first rule that covers an app decides: overriding rules are asked first.
        draft.appRules = draft.appRules.filter(\.overrides) + draft.appRules.filter { !$0.overrides }
        for (element, path) in tableListElements("exclude", of: root) {
            if let exclusion = validateExclude(element, path: path) { draft.exclusions.append(exclusion) }
        }
        for (element, path) in tableListElements("include", of: root) {
            if let inclusion = validateInclude(element, path: path) { draft.inclusions.append(inclusion) }
        }
        if let node = child("server-modules", of: root, path: ""), let modules = table(node) {
            draft.serverModules = validateServerModules(modules, path: node.path)
        }
        if let node = child("routing", of: root, path: ""), let routing = table(node) {
            draft.routing = validateRouting(routing, path: node.path)
        }
        if let node = child("voice-processing", of: root, path: ""), let voice = table(node) {
            draft.voiceProcessing = validateVoiceProcessing(voice, path: node.path)
        }
        return draft
    }

    /// The tables of an array of tables (`[[rank]]`), each with its own file; non-tables are reported.
    /// Reads each boolean key of `flags` the table has into its setting.
    private mutating func readFlags<Settings>(
        _ flags: [(key: String, setting: WritableKeyPath<Settings, Bool>)], of table: MergedTable, path: String,
        into settings: inout Settings
    ) {
        for (key, setting) in flags {
            if let flag = child(key, of: table, path: path), let value = boolean(flag) { settings[keyPath: setting] = value }
        }
    }

        private mutating func tableListElements(_ key: String, of root: MergedTable) -> [(MergedTable, String)] {
        guard let node = child(key, of: root, path: "") else { return [] }
        guard case .tableList(let elements) = node.content else {
            report("expected an array of tables ([[\(key)]]), found \(node.foundDescription)", at: node)
            return []
        }
        var tables: [(MergedTable, String)] = []
        for (index, element) in elements.enumerated() {
            let elementNode = PolicyNode(value: element.value, file: element.file, path: "\(key)[\(index)]")
            if let table = table(elementNode) { tables.append((table, elementNode.path)) }
        }
        return tables
    }

    private mutating func validateRank(_ rule: MergedTable, path: String) -> RankRule? {
        rejectUnknownKeys(in: rule, path: path, known: Self.rankKeys)
        var valid = true
        var name = path
        if let node = child("name", of: rule, path: path) {
            if let text = string(node) { name = text } else { valid = false }
        }
        let categories = names("categories", in: rule, path: path, kind: "category", accepted: PolicyVocabulary.categories, valid: &valid)
        let modes = names("modes", in: rule, path: path, kind: "mode", accepted: PolicyVocabulary.modes, valid: &valid)
        var apps: [String] = []
        if let node = child("apps", of: rule, path: path) {
            if let list = stringList(node, expected: "application ids") { apps = list.map(\.0) } else { valid = false }
        }
        var rank: Int?
        if let node = child("rank", of: rule, path: path) {
            rank = integer(node, in: 0...Self.maximumRank)
        } else {
            reportMissing("rank", in: rule, path: path, expected: "a whole number from 0 to \(Self.maximumRank), higher wins")
        }
        var exclusive = false
        if let node = child("exclusive", of: rule, path: path) {
            if let flag = boolean(node) { exclusive = flag } else { valid = false }
        }
        let evidence = evidenceLevels(in: rule, path: path, valid: &valid)
        guard valid, let rank else { return nil }
        return RankRule(
            name: name, categories: categories, modes: modes, apps: apps, rank: rank, exclusive: exclusive,
            evidence: evidence)
    }

    /// The `evidence` list of an `[[app]]` or `[[rank]]` rule; absent, ``IdentityEvidence/defaultAccepted``.
    /// An empty list is refused: such a rule could never match an app.
    private mutating func evidenceLevels(in rule: MergedTable, path: String, valid: inout Bool) -> Set<IdentityEvidence> {
        guard let node = child("evidence", of: rule, path: path) else { return IdentityEvidence.defaultAccepted }
        let levels = names("evidence", in: rule, path: path, kind: "evidence level", accepted: PolicyVocabulary.evidenceLevels, valid: &valid)
        if valid, levels.isEmpty {
            let accepted = PolicyVocabulary.evidenceLevels.map(\.0).joined(separator: ", ")
            report("expected at least one evidence level (\(accepted)), found an empty array", at: node)
            valid = false
        }
        return Set(levels)
    }

    /// A list of names of one kind (categories, modes, options); every unknown name is reported.
    private mutating func names<Name>(
        _ key: String, in table: MergedTable, path: String, kind: String, accepted: [(String, Name)], valid: inout Bool
    ) -> [Name] {
        guard let node = child(key, of: table, path: path) else { return [] }
        guard let list = stringList(node) else {
            valid = false
            return []
        }
        var result: [Name] = []
        for (text, elementNode) in list {
            if let name = name(text, at: elementNode, kind: kind, accepted: accepted) { result.append(name) } else { valid = false }
        }
        return result
    }

    private mutating func validateRoles(_ roles: MergedTable, path: String) -> [Role: RoleBehavior] {
        var result: [Role: RoleBehavior] = [:]
        var seen: [Role: PolicyNode] = [:]
        for entry in roles.entries {
            let node = PolicyNode(entry: entry, parentPath: path)
            guard let role = Role(normalizing: entry.key) else {
                report(
                    Self.unknownMessage(kind: "role", name: entry.key, accepted: PolicyVocabulary.acceptedRoleNames),
                    at: node, onKey: true)
                continue
            }
            if let first = seen[role] {
                let sameAs = role.name == entry.key ? "" : " (\"\(entry.key)\" is an alias of \"\(role.name)\")"
                let place = first.file == node.file ? "line \(first.keyPosition.line)" : "\(first.file):\(first.keyPosition.line)"
                report(
                    "role \"\(role.name)\" is defined twice\(sameAs); first defined as \"\(first.path)\" at \(place)",
                    at: node, onKey: true)
                continue
            }
            seen[role] = node
            guard let table = table(node) else { continue }
            if let behavior = validateRole(table, node: node) { result[role] = behavior }
        }
        return result
    }

    private mutating func validateRole(_ role: MergedTable, node: PolicyNode) -> RoleBehavior? {
        let path = node.path
        rejectUnknownKeys(in: role, path: path, known: Self.roleKeys)
        var valid = true
        var category = Category.playback
        let categoryNode = child("category", of: role, path: path)
        if let categoryNode {
            if let text = string(categoryNode), let name = name(text, at: categoryNode, kind: "category", accepted: PolicyVocabulary.categories) {
                category = name
            } else {
                valid = false
            }
        }
        var mode = Mode.default
        let modeNode = child("mode", of: role, path: path)
        if let modeNode {
            if let text = string(modeNode), let name = name(text, at: modeNode, kind: "mode", accepted: PolicyVocabulary.modes) {
                mode = name
            } else {
                valid = false
            }
        }
        let options = names("options", in: role, path: path, kind: "option", accepted: PolicyVocabulary.options, valid: &valid)
        var flags: [String: Bool] = ["trigger": false, "duckable": true, "interruptible": true]
        for key in ["trigger", "duckable", "interruptible"] {
            guard let flagNode = child(key, of: role, path: path) else { continue }
            if let flag = boolean(flagNode) { flags[key] = flag } else { valid = false }
        }
        guard valid else { return nil }
        let behavior = RoleBehavior(
            category: category, mode: mode, options: CategoryOptions(options), trigger: flags["trigger"] ?? false,
            duckable: flags["duckable"] ?? true, interruptible: flags["interruptible"] ?? true)
        // The model's own rules decide which category, mode and options go together.
        do {
            try behavior.configuration.validate()
        } catch {
            var culprit: PolicyNode?
            var implication = ""
            if let option = error.option, let optionsNode = child("options", of: role, path: path),
                case .value(let value) = optionsNode.content, let elements = value.array
            {
                // The model adds mix-with-others to the options that imply it; point at what was written.
                let implying = [CategoryOption.duckOthers, .interruptSpokenAudioAndMixWithOthers].map(\.kebabName)
                let written = elements.firstIndex { $0.string == option.kebabName }
                let implied = option == .mixWithOthers ? elements.firstIndex { implying.contains($0.string ?? "") } : nil
                if let index = written ?? implied {
                    culprit = PolicyNode(value: elements[index], file: optionsNode.file, path: "\(optionsNode.path)[\(index)]")
                    if written == nil, let name = elements[index].string { implication = "\(name) implies \(option.kebabName); " }
                }
            } else if error.mode != nil {
                culprit = modeNode
            }
            report(
                "invalid combination with category \(category.kebabName): \(implication)\(error)",
                at: culprit ?? categoryNode ?? node, onKey: culprit == nil && categoryNode == nil)
            return nil
        }
        return behavior
    }

    private mutating func validateApp(_ rule: MergedTable, path: String) -> AppRule? {
        rejectUnknownKeys(in: rule, path: path, known: Self.appKeys)
        var valid = true
        var match: [String] = []
        if let node = child("match", of: rule, path: path) {
            if let list = stringList(node, expected: "application ids") {
                match = list.map(\.0)
                if match.isEmpty {
                    report("expected at least one application id, found an empty array", at: node)
                    valid = false
                }
            } else {
                valid = false
            }
        } else {
            reportMissing("match", in: rule, path: path, expected: "an array of application ids, such as [\"orca\"]")
            valid = false
        }
        var exempt = false
        if let node = child("exempt", of: rule, path: path) {
            if let flag = boolean(node) { exempt = flag } else { valid = false }
        }
        var role: Role?
        if let node = child("role", of: rule, path: path) {
            if let text = string(node) {
                role = Role(normalizing: text)
                if role == nil {
                    report(Self.unknownMessage(kind: "role", name: text, accepted: PolicyVocabulary.acceptedRoleNames), at: node)
                    valid = false
                }
            } else {
                valid = false
            }
        }
        var callWhileCapturing = false
        if let node = child("call-while-capturing", of: rule, path: path) {
            if let flag = boolean(node) { callWhileCapturing = flag } else { valid = false }
            if callWhileCapturing && exempt {
                report(
                    "an exempt app is never a trigger, so its playback cannot count as a call; expected false, or exempt = false",
                    at: node)
                valid = false
            }
        }
        var overrides = false
        if let node = child("overrides", of: rule, path: path) {
            if let flag = boolean(node) { overrides = flag } else { valid = false }
        }
        var matchChildren = false
        if let node = child("match-children", of: rule, path: path) {
            if let flag = boolean(node) { matchChildren = flag } else { valid = false }
        }
        var source: AppRuleSource?
        if let node = child("source", of: rule, path: path) {
            if let text = string(node) {
                source = AppRuleSource(rawValue: text)
                if source == nil {
                    report(
                        "unknown source \"\(text)\"; expected one of: "
                            + AppRuleSource.allCases.map(\.rawValue).joined(separator: ", "), at: node)
                    valid = false
                }
            } else {
                valid = false
            }
        }
        let evidence = evidenceLevels(in: rule, path: path, valid: &valid)
        guard valid else { return nil }
        return AppRule(
            match: match, exempt: exempt, role: role, evidence: evidence, callWhileCapturing: callWhileCapturing,
            overrides: overrides, matchChildren: matchChildren, source: source)
    }

    /// An `[[include]]` entry: an `[[exclude]]` entry's keys, read the other way; it may not name
    /// a fact that marks streams the agent must never act on (``Exclusion/refusedForInclusion``).
    private mutating func validateInclude(_ rule: MergedTable, path: String) -> Inclusion? {
        let inclusion = validateExclude(rule, path: path, streams: "the included streams")
        if let inclusion, let refusal = Inclusion.refusedForInclusion[inclusion.property],
            let node = child("property", of: rule, path: path)
        {
            report(
                "\(inclusion.property) cannot be included: \(refusal); expected another stream property, such as \"node.name\"",
                at: node)
            return nil
        }
        return inclusion
    }

    private mutating func validateExclude(
        _ rule: MergedTable, path: String, streams: String = "the excluded streams"
    ) -> Exclusion? {
        rejectUnknownKeys(in: rule, path: path, known: Self.excludeKeys)
        var valid = true
        var why = ""
        if let node = child("why", of: rule, path: path) {
            if let text = string(node) { why = text } else { valid = false }
        } else {
            reportMissing("why", in: rule, path: path, expected: "a string saying what \(streams) are (shown by explain)")
            valid = false
        }
        var property: String?
        if let node = child("property", of: rule, path: path) {
            property = string(node, expected: "a stream property name")
            if property?.isEmpty == true {
                report("expected a stream property name, found an empty string", at: node)
                property = nil
            }
        } else {
            reportMissing("property", in: rule, path: path, expected: "a stream property name, such as \"media.role\"")
        }
        let testKeys = ["equals", "any-of", "present", "prefix"]
        let given = testKeys.compactMap { child($0, of: rule, path: path) }
        guard given.count == 1, let testNode = given.first else {
            if given.isEmpty {
                reportMissing("equals", in: rule, path: path, expected: "one of equals, any-of, present or prefix")
            } else {
                for extra in given.dropFirst() {
                    report(
                        "only one of equals, any-of, present, prefix may be given; \(given[0].path) is given too",
                        at: extra, onKey: true)
                }
            }
            return nil
        }
        let matcher: Exclusion.Matcher? =
            switch testNode.path.split(separator: ".").last {
            case "equals": string(testNode).map { .equals($0) }
            case "prefix": string(testNode).map { .prefix($0) }
            case "any-of": stringList(testNode).map { .anyOf($0.map(\.0)) }
            default: boolean(testNode).map { .present($0) }
            }
        guard valid, let property, let matcher else { return nil }
        return Exclusion(why: why, property: property, matcher: matcher)
    }
}
