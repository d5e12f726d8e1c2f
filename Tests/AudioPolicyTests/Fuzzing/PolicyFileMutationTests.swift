import AudioPolicy
import AudioSessionTesting
import Testing
import TOMLReader

/// Seeded mutations of every policy and scenario file, through the TOML reader and the policy loader:
/// nothing crashes, and every refusal is a typed error that says where and what.
///
/// Bounded by iteration count, never by time; the seed is printed, and
/// `AUDIOSESSION_MUTATION_SEED=0x… swift test --filter PolicyFileMutationTests` replays a run.
/// Mutants grow at most 64 bytes over their seed: they find what small edits break and never build
/// the thousands-deep keys or arrays that exhaust the stack (the reader's depth bounds are checked
/// by tests of their own).
@Suite("Mutated policy files are read or refused with a position")
struct PolicyFileMutationTests {
    static let readerIterations = 6_000
    static let loaderIterations = 1_500
    static let home = "/home/mutant"
    static let shipped = "/usr/share/audiosession/policies/default.toml"
    static let fragmentDirectory = home + "/.config/audiosession/policy.d"

    @Test("the TOML reader parses a mutant or throws a TOMLError with its line, column and message")
    func reader() throws {
        let corpus = try PolicyFileCorpus.files()
        try #require(corpus.count >= 20, "the corpus lost its files: \(corpus.count)")
        let seed = MutationSeed.value(default: 0x70_4D4C)
        print("PolicyFileMutationTests.reader: mutation seed \(MutationSeed.text(seed)), \(Self.readerIterations) mutants of \(corpus.count) files")
        var generator = SplitMix64(seed: seed)
        let mutator = ByteMutator(seeds: corpus.map(\.bytes), tokens: PolicyFileCorpus.tokens)
        var failures: [String] = []
        for iteration in 0..<Self.readerIterations {
            let (bytes, origin) = mutator.mutant(using: &generator)
            do {
                _ = try TOMLDocument(parsingUTF8: bytes)
            } catch {
                if let flaw = Self.flaw(of: error, in: String(decoding: bytes, as: UTF8.self)) {
                    failures.append("mutant \(iteration) of \(corpus[origin].path): \(flaw): \(error)")
                }
            }
        }
        #expect(failures.isEmpty, "seed \(MutationSeed.text(seed)): \(failures.count) bad refusals, first: \(failures.prefix(5))")
    }

    @Test("the loader loads a mutated base or fragment or lists problems, each with its file and message")
    func loader() throws {
        let corpus = try PolicyFileCorpus.files()
        let shippedText = try #require(corpus.first { $0.path.hasSuffix("/policies/default.toml") }?.bytes)
        let seed = MutationSeed.value(default: 0x10AD)
        print("PolicyFileMutationTests.loader: mutation seed \(MutationSeed.text(seed)), \(Self.loaderIterations) mutants of \(corpus.count) files")
        var generator = SplitMix64(seed: seed)
        let mutator = ByteMutator(seeds: corpus.map(\.bytes), tokens: PolicyFileCorpus.tokens)
        var failures: [String] = []
        var loaded = 0
        for iteration in 0..<Self.loaderIterations {
            let (bytes, origin) = mutator.mutant(using: &generator)
            let mutant = bytes
            // Half the time the mutant is the base; else a fragment over the shipped policy.
            let asFragment = Bool.random(using: &generator)
            var files = [Self.shipped: asFragment ? shippedText : mutant]
            let fragmentPath = Self.fragmentDirectory + "/50-mutant.toml"
            if asFragment { files[fragmentPath] = mutant }
            let loader = PolicyLoader(
                fileSystem: InMemoryPolicyFileSystem(files: files),
                searchPath: PolicySearchPath(environment: ["HOME": Self.home], shippedPolicy: Self.shipped))
            do {
                _ = try loader.load()
                loaded += 1
            } catch {
                let known = Set(files.keys)
                if error.problems.isEmpty {
                    failures.append("mutant \(iteration) of \(corpus[origin].path): a PolicyLoadError without problems")
                }
                for problem in error.problems {
                    let flaw =
                        if problem.message.isEmpty { "a problem without a message" }
                        else if !known.contains(problem.file) { "a problem in a file that was not loaded: \(problem.file)" }
                        else if let position = problem.position, position.line < 1 || position.column < 1 { "a position before the start" }
                        else { nil as String? }
                    if let flaw { failures.append("mutant \(iteration) of \(corpus[origin].path): \(flaw): \(problem)") }
                }
            }
        }
        print("PolicyFileMutationTests.loader: \(loaded) of \(Self.loaderIterations) mutants loaded as policies")
        #expect(failures.isEmpty, "seed \(MutationSeed.text(seed)): \(failures.count) bad refusals, first: \(failures.prefix(5))")
    }

    /// What is wrong with a refusal, if anything: no message, or a position outside the text.
    static func flaw(of error: TOMLError, in text: String) -> String? {
        if error.message.isEmpty { return "no message" }
        let lines = text.utf8.count(where: { $0 == UInt8(ascii: "\n") }) + 1
        if error.line < 1 || error.column < 1 { return "a position before the start" }
        if error.line > lines { return "line \(error.line) of a text of \(lines) lines" }
        return nil
    }
}
