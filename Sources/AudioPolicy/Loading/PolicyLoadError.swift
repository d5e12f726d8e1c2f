/// A policy could not be loaded: every problem found, in file and line order.
///
/// The loader reports all problems of a file at once, so a person can fix them in one go.
/// A running agent that gets this error keeps its last good policy.
///
/// ```swift
/// do {
///     let loaded = try loader.load()
/// } catch {
///     for problem in error.problems { print(problem) }
/// }
/// ```
public struct PolicyLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problems, at least one.
    public var problems: [PolicyProblem]

    /// Creates an error from its problems.
    public init(problems: [PolicyProblem]) {
        self.problems = problems
    }

    /// One problem per line.
    public var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}
