import ArgumentParser

/// `audiosession-bench`: measures the pure policy engine at several stream counts and prints one
/// machine-readable line per measurement (`engine key=value ...`). `scripts/bench` runs it in a
/// release build and turns the lines into the engine table of BENCHMARKS.md.
@main
struct AudioSessionBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audiosession-bench",
        abstract: "Measure the AudioPolicy engine: events per second and microseconds per event.",
        discussion: """
            Each line reads: engine streams=N class=C events=E seconds=S us_per_event=U \
            events_per_second=R decisions_per_event=D us_per_decision=V. Class one: events that \
            affect one stream while a voice prompt ducks the others (a stream appears and is ducked, \
            another stops and starts sounding, the first vanishes); all: events that affect every \
            stream (a ducking session activating and sounding, a call appearing, both ending); mix: \
            a desktop-like mixture of both. Lines reading activation sessions=N events=E seconds=S \
            us_per_event=U decisions_per_event=D measure the engine's share of an activation round trip \
            with N sessions registered (one activating, interrupting another, deactivating, the other \
            activating again; the rest active ambient sessions). Lines reading loading shape=S count=N \
            bytes=B seconds=T us_per_item=U measure the policy loader (app-rules: N [[app]] rules) and \
            the TOML reader (table-headers: N [[t]] headers; inline-keys: one inline table of N keys) at \
            growing sizes: linear reading keeps us_per_item flat as N grows.
            """)

    /// What to measure.
    enum Part: String, CaseIterable, ExpressibleByArgument {
        case engine, activation, loading
    }

    @Option(parsing: .upToNextOption, help: "What to measure: engine (stream events), activation (session events), loading (policy files).")
    var parts: [Part] = Part.allCases

    @Option(help: "The policy file the engine runs (the shipped policies/default.toml).")
    var policy: String

    @Option(parsing: .upToNextOption, help: "Stream counts to measure at.")
    var streams: [Int] = [10, 100, 1_000, 10_000]

    @Option(parsing: .upToNextOption, help: "Event classes to measure: one, all, mix.")
    var classes: [EngineWorkload.Kind] = EngineWorkload.Kind.allCases

    @Option(parsing: .upToNextOption, help: "Sessions registered for the activation lines.")
    var sessions: [Int] = [1, 10, 100]

    @Option(parsing: .upToNextOption, help: "Sizes of the files the loading lines read (rules, headers or keys).")
    var items: [Int] = [5_000, 20_000, 80_000]

    @Option(help: "Minimum measuring time per line, in milliseconds.")
    var milliseconds: Int = 300

    @Option(help: "Run exactly this many event cycles per line instead of timing (for instruction counts under callgrind).")
    var cycles: Int?

    func validate() throws {
        guard streams.allSatisfy({ $0 > 0 }) else { throw ValidationError("stream counts must be positive") }
        guard sessions.allSatisfy({ $0 > 0 }) else { throw ValidationError("session counts must be positive") }
        guard items.allSatisfy({ $0 > 0 }) else { throw ValidationError("--items must be positive") }
        guard cycles.map({ $0 > 0 }) ?? true else { throw ValidationError("--cycles must be positive") }
        guard milliseconds > 0 else { throw ValidationError("--milliseconds must be positive") }
    }

    func run() throws {
        let loaded = try LoadedPolicyFile(path: policy)
        let budget: MeasuringBudget = if let cycles { .cycles(cycles) } else { .milliseconds(milliseconds) }
        if parts.contains(.engine) {
            for count in streams {
                for workload in classes {
                    var bench = EngineWorkload(kind: workload, streamCount: count, policy: loaded.policy)
                    print(bench.measure(budget).line)
                }
            }
        }
        if parts.contains(.activation) {
            for count in sessions {
                var bench = ActivationWorkload(sessionCount: count, policy: loaded.policy)
                print(bench.measure(budget).line)
            }
        }
        if parts.contains(.loading) {
            for shape in PolicyLoadWorkload.Shape.allCases {
                for count in items { print(try PolicyLoadWorkload(shape: shape, count: count).measure(budget)) }
            }
        }
    }
}
