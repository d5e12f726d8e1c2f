/// Why a decision was made: the policy rule and the participant that caused it.
///
/// ```swift
/// Explanation(rule: "duck-others", source: .session("nav")).description  // "duck-others (session nav)"
/// ```
public struct Explanation: Hashable, Sendable, CustomStringConvertible {
    /// The rule or event that caused the decision, for example `duck-others` or `exclusive rank calls`.
    public var rule: String
    /// The participant that caused it, when one did.
    public var source: Participant?

    /// Creates an explanation.
    public init(rule: String, source: Participant? = nil) {
        self.rule = rule
        self.source = source
    }

    /// The rule, followed by the participant in parentheses.
    public var description: String {
        guard let source else { return rule }
        return "\(rule) (\(source))"
    }
}
