import TOMLReader

/// A policy whose every setting has been checked, in the file's own terms (kebab-case names,
/// canonical role names); the last step turns it into the engine's `Policy`.
struct PolicyDraft: Sendable {
    struct Rank: Sendable {
        var name: String
        var categories: [String]
        var modes: [String]
        var apps: [String]
        var rank: Int
        var exclusive: Bool
    }

    struct Role: Sendable {
        /// Where the role's table is, for problems found when combining its settings.
        var file: String
        var position: SourcePosition
        var path: String
        var category: String
        var mode: String
        var options: [String]
        var trigger: Bool
        var duckable: Bool
        var interruptible: Bool
    }

    struct App: Sendable {
        var match: [String]
        var exempt: Bool
        var role: String?
    }

    struct Exclude: Sendable {
        enum Test: Sendable {
            case equals(String)
            case anyOf([String])
            case present
            case prefix(String)
        }

        var why: String
        var property: String
        var test: Test
    }

    var enabled = true
    var duckingLevel = 0.3
    var rampDownMilliseconds = 250
    var rampUpMilliseconds = 600
    var recordSilencesOutput = true
    var defaultRank = 50
    var ranks: [Rank] = []
    /// Canonical role name to its settings, in file order.
    var roles: [(name: String, role: Role)] = []
    var apps: [App] = []
    var excludes: [Exclude] = []
}
