@testable import AudioSessionAgent
@testable import AudioSessionBus
import AudioSessionContract
import AudioSessionTesting
import Testing

/// Seeded mutations of a valid call of every method, read as the agent reads calls: nothing
/// crashes, every refusal is a named bus error with a message. The in-suite companion of
/// `scripts/fuzz 600 agent-calls`; bounded by iteration count, the seed printed, and
/// `AUDIOSESSION_MUTATION_SEED=0x… swift test --filter AgentCallMutationTests` replays a run.
@Suite("Mutated agent calls are decoded or refused with a bus error")
struct AgentCallMutationTests {
    static let wireIterations = 20_000
    static let valueIterations = 10_000

    static let tokens: [[UInt8]] = [
        "a{sv}", "s", "as", "b", "v", "(s)", "a", "{", "}", "(", ")", "h", "o", "g", "\u{0}", "\u{FF}\u{FF}\u{FF}\u{7F}",
        "RegisterSession", "SetConfiguration", "/org/audiosession/Agent",
    ].map { Array($0.utf8) }

    @Test("mutated bytes of valid calls: demarshalled, read and decoded, or refused with a message")
    func wireFormat() throws {
        let reading = AgentCallReading()
        let seeds = try ValidAgentCalls.all.map { call in
            try reading.wireFormat(of: call.arguments, method: call.method)
        }
        for (call, seed) in zip(ValidAgentCalls.all, seeds) {
            #expect(reading.flaw(ofWireFormat: seed) == nil, "the valid \(call.method) call is not read cleanly")
            #expect((try? AgentRequest(method: call.method, arguments: call.arguments)) != nil)
        }
        let seed = MutationSeed.value(default: 0xDB05)
        print("AgentCallMutationTests.wireFormat: mutation seed \(MutationSeed.text(seed)), \(Self.wireIterations) mutants")
        var generator = SplitMix64(seed: seed)
        let mutator = ByteMutator(seeds: seeds, tokens: Self.tokens)
        var failures: [String] = []
        var demarshalled = 0
        for iteration in 0..<Self.wireIterations {
            let (bytes, origin) = mutator.mutant(using: &generator)
            if (try? Message(wireFormat: bytes)) != nil { demarshalled += 1 }
            if let flaw = reading.flaw(ofWireFormat: bytes) {
                failures.append("mutant \(iteration) of \(ValidAgentCalls.all[origin].method): \(flaw)")
            }
        }
        print("AgentCallMutationTests.wireFormat: \(demarshalled) of \(Self.wireIterations) mutants were valid messages")
        #expect(failures.isEmpty, "seed \(MutationSeed.text(seed)): \(failures.count) bad refusals, first: \(failures.prefix(5))")
    }

    @Test("mutated typed arguments: decoded or refused with a message, and the same after a trip through the wire")
    func typedValues() throws {
        let reading = AgentCallReading()
        let seed = MutationSeed.value(default: 0x7A1E)
        print("AgentCallMutationTests.typedValues: mutation seed \(MutationSeed.text(seed)), \(Self.valueIterations) mutants")
        var generator = SplitMix64(seed: seed)
        var failures: [String] = []
        for iteration in 0..<Self.valueIterations {
            let original = ValidAgentCalls.all.randomElement(using: &generator) ?? ValidAgentCalls.all[0]
            let (method, arguments) = Self.mutate(original, using: &generator)
            if let flaw = reading.flaw(ofCall: method, arguments) {
                failures.append("mutant \(iteration), \(method)\(arguments): \(flaw)")
            }
            // What the agent reads from the wire is what a caller wrote, or the writer refuses it with a message.
            do {
                let bytes = try reading.wireFormat(of: arguments, method: method)
                let incoming = IncomingMessage(try Message(wireFormat: bytes))
                if (try? incoming.arguments.get()) != arguments {
                    failures.append("mutant \(iteration), \(method)\(arguments): read back as \(incoming.arguments)")
                }
            } catch {
                if error.message.isEmpty { failures.append("mutant \(iteration): the writer refused without a message") }
            }
        }
        #expect(failures.isEmpty, "seed \(MutationSeed.text(seed)): \(failures.count) bad outcomes, first: \(failures.prefix(5))")
    }

    /// One to three structural edits: an argument replaced, added or dropped, a property or an
    /// option added, the method swapped for another.
    static func mutate(
        _ call: (method: String, arguments: BusArguments), using generator: inout some RandomNumberGenerator
    ) -> (String, BusArguments) {
        var method = call.method
        var values = call.arguments.values
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let at = Int.random(in: 0...values.count, using: &generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0 where at < values.count: values[at] = RandomBusValues.value(using: &generator)
            case 1: values.insert(RandomBusValues.value(using: &generator), at: at)
            case 2 where at < values.count: values.remove(at: at)
            case 3 where at < values.count:
                if case .dictionary(.string, .variant, var entries) = values[at] {
                    entries[.string(RandomBusValues.text(using: &generator))] = .variant(RandomBusValues.value(using: &generator))
                    values[at] = .dictionary(key: .string, value: .variant, entries)
                } else if case .array(.string, let options) = values[at] {
                    values[at] = .array(element: .string, options + [.string(RandomBusValues.text(using: &generator))])
                } else {
                    values[at] = .string(RandomBusValues.text(using: &generator))
                }
            case 4: method = AgentRequest.methods.randomElement(using: &generator) ?? method
            default: break
            }
        }
        return (method, BusArguments(values))
    }
}
