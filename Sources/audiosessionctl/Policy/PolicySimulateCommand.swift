import AudioPolicy
import ArgumentParser
import Glibc
import PolicyScenarios

/// `audiosessionctl policy simulate SCENARIO.toml`: runs a scenario table through the pure policy
/// engine and shows, step by step, what it decides and whether that is what the table expects.
struct PolicySimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run a scenario through the policy engine and show what it decides, step by step.",
        discussion: """
            The scenario is a table in the scenario format (Tests/AudioPolicyTests/Scenarios/README.md): \
            sessions, streams, and steps with what a user should observe after each. Every step prints its \
            actions, the decisions (who is ducked to what, who is silenced and why, which session gets which \
            signal) and the state of every stream, and whether the table's expectations hold. The run stops \
            at the first step that differs, since later steps build on it. No agent or sound server is involved.

            Exit status: 0 when every step meets the table, 1 when a step differs, 64 for usage errors \
            (a missing file), 65 when the scenario or a policy it names is malformed.
            """)

    @Argument(help: ArgumentHelp("The scenario file.", valueName: "scenario.toml"))
    var scenario: String

    @Option(help: ArgumentHelp(
        "Use this policy file alone instead of the scenario's policy and fragments (replace-policy steps still load theirs).",
        valueName: "file"))
    var policy: String?

    @Flag(help: "Print one JSON object per step instead of text.")
    var json = false

    /// Exit status for a malformed scenario or policy file (sysexits' EX_DATAERR).
    static let malformedInput = ExitCode(65)

    func validate() throws {
        try Self.checkReadable(scenario, what: "scenario file")
        if let policy { try Self.checkReadable(policy, what: "policy file") }
    }

    static func checkReadable(_ path: String, what: String) throws {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw ValidationError("cannot read the \(what) \(path): no such file")
        }
        guard status.st_mode & S_IFMT != S_IFDIR else {
            throw ValidationError("the \(what) \(path) is a directory; give a .toml file")
        }
        guard access(path, R_OK) == 0 else {
            throw ValidationError("cannot read the \(what) \(path): permission denied")
        }
    }

    func run() async throws {
        let parsed = try loadScenario()
        var world = try makeWorld(for: parsed)
        let printer = SimulationPrinter(
            path: scenario, policySource: policy.map { "\($0) (--policy)" } ?? "\(parsed.policy) (the scenario's)", json: json)
        printer.printHeader(parsed)
        let run: ScenarioRun
        do {
            run = try await ScenarioRunner(scenario: parsed).run(in: &world)
        } catch let error as PolicyLoadError {
            Self.report(error, context: "\(scenario): a replace-policy step names a policy that does not load")
            throw Self.malformedInput
        }
        for result in run.steps { printer.printStep(result) }
        printer.printSummary(run)
        if !run.isAsExpected { throw ExitCode.failure }
    }

    func loadScenario() throws -> Scenario {
        // validate() saw the file; this catches it vanishing or failing to read since (EX_NOINPUT).
        let contents: [UInt8]?
        do {
            contents = try LocalPolicyFileSystem().contents(ofFile: scenario)
        } catch {
            StandardError.print("\(scenario): \(error)")
            throw ExitCode(66)
        }
        guard let bytes = contents else {
            StandardError.print("\(scenario): no such file")
            throw ExitCode(66)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            StandardError.print("\(scenario): not UTF-8; a scenario file must be encoded in UTF-8")
            throw Self.malformedInput
        }
        let shippedPolicies = ShippedPolicyLocation.find(environment: ProcessEnvironment.current).split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/")
        do throws(ScenarioFormatError) {
            return try ScenarioParser(path: scenario, shippedPolicies: shippedPolicies).parse(text)
        } catch {
            StandardError.print("\(scenario)\(error.line.map { ":\($0)" } ?? ""): \(error.message)")
            throw Self.malformedInput
        }
    }

    func makeWorld(for scenario: Scenario) throws -> PolicyEngineWorld {
        do throws(PolicyLoadError) {
            if let policy {
                let loader = PolicyLoader(
                    fileSystem: LocalPolicyFileSystem(),
                    searchPath: PolicySearchPath(environment: [:], shippedPolicy: ShippedPolicyLocation.find(environment: ProcessEnvironment.current)))
                return PolicyEngineWorld(scenario: scenario, policy: try loader.load(explicitFile: policy).policy)
            }
            return try PolicyEngineWorld(scenario: scenario)
        } catch {
            Self.report(error, context: policy == nil ? "\(self.scenario): its policy \(scenario.policy) does not load" : nil)
            throw Self.malformedInput
        }
    }

    static func report(_ error: PolicyLoadError, context: String?) {
        if let context { StandardError.print(context + ":") }
        for problem in error.problems { StandardError.print(problem.description) }
    }
}
