import AudioSessionTesting
import Testing

@testable import AudioSessionAgent

@Suite("Module arguments follow PulseAudio's key=value rules")
struct ModuleArgumentsTests {
    struct Good: CustomTestStringConvertible, Sendable {
        var argument: String
        var pairs: [String]  // "key=value" as parsed, quotes and escapes removed
        var testDescription: String { argument.isEmpty ? "(empty)" : argument }
    }

    static let good: [Good] = [
        Good(argument: "", pairs: []),
        Good(argument: "   \t ", pairs: []),
        Good(argument: "sink_name=speaker", pairs: ["sink_name=speaker"]),
        Good(argument: "  a=1\t b=2  ", pairs: ["a=1", "b=2"]),
        Good(argument: "a=", pairs: ["a="]),
        Good(argument: "a= b=2", pairs: ["a=", "b=2"]),
        Good(argument: "a=b=c", pairs: ["a=b=c"]),
        Good(argument: "a='x y' b=\"p q\"", pairs: ["a=x y", "b=p q"]),
        Good(argument: "a='' b=\"\"", pairs: ["a=", "b="]),
        Good(
            argument: #"sink_properties='device.description="Head phones"'"#,
            pairs: [#"sink_properties=device.description="Head phones""#]),
        Good(argument: #"a=x\ y"#, pairs: ["a=x y"]),
        Good(argument: #"a="say \"hi\"""#, pairs: [#"a=say "hi""#]),
        Good(argument: #"a='it\'s'"#, pairs: ["a=it's"]),
        Good(argument: #"a=back\\slash"#, pairs: [#"a=back\slash"#]),
        Good(argument: #"a=\'q"#, pairs: ["a='q"]),
        Good(argument: #"a="x"b=1"#, pairs: ["a=x", "b=1"]),
        Good(
            argument: "trigger_roles=phone/navigation ducking_roles=music,video/music volume=30%/-10dB global=yes",
            pairs: [
                "trigger_roles=phone/navigation", "ducking_roles=music,video/music", "volume=30%/-10dB", "global=yes",
            ]),
    ]

    @Test(arguments: good)
    func parses(_ testCase: Good) throws {
        let arguments = try ModuleArguments(parsing: testCase.argument)
        #expect(arguments.pairs.map { "\($0.key)=\($0.value)" } == testCase.pairs)
    }

    struct Bad: CustomTestStringConvertible, Sendable {
        var argument: String
        var message: String
        var testDescription: String { argument }
    }

    static let bad: [Bad] = [
        Bad(argument: "=x", message: #"module argument "=x": '=' at character 1 has no key before it"#),
        Bad(
            argument: "a=1 global",
            message: #"module argument "a=1 global": key "global" at character 5 has no '=' and value"#),
        Bad(
            argument: "a b=1",
            message:
                #"module argument "a b=1": key "a b" at character 1 contains whitespace; expected key=value pairs separated by spaces"#
        ),
        Bad(
            argument: "a='open", message: #"module argument "a='open": the single quote at character 3 is never closed"#
        ),
        Bad(
            argument: "x=1 a=\"open",
            message: #"module argument "x=1 a="open": the double quote at character 7 is never closed"#),
        Bad(argument: #"a=x\"#, message: #"module argument "a=x\": the backslash at character 4 escapes nothing"#),
        Bad(argument: #"a="x\"#, message: #"module argument "a="x\": the backslash at character 5 escapes nothing"#),
        Bad(argument: "a=1 a=2", message: #"module argument "a=1 a=2": key "a" at character 5 is given twice"#),
    ]

    @Test(arguments: bad)
    func refusesWithWhereAndWhy(_ testCase: Bad) {
        #expect {
            _ = try ModuleArguments(parsing: testCase.argument)
        } throws: { error in
            (error as? ModuleArgumentError)?.description == testCase.message
        }
    }

    @Test func settingsCompareRegardlessOfOrderAndQuoting() throws {
        let written = try ModuleArguments(parsing: "global=1 trigger_roles='phone'")
        let reordered = try ModuleArguments(parsing: #"trigger_roles="phone"   global=1"#)
        #expect(written.sameSettings(as: reordered))
        #expect(written != reordered)  // the pairs themselves keep their order
        #expect(!written.sameSettings(as: try ModuleArguments(parsing: "global=1")))
        #expect(written["global"] == "1" && written["volume"] == nil)
    }

    /// Values quoted and escaped the way a client would write them come back unchanged.
    @Test func quotedValuesRoundTrip() throws {
        var generator = SplitMix64(seed: 0x5EED)
        let alphabet = Array(#"ab =\'" ,/%-"#) + ["\t"]
        for _ in 0..<2_000 {
            let count = Int(generator.next() % 4)
            let pairs = (0..<count).map { index in
                (
                    "k\(index)",
                    String(
                        (0..<Int(generator.next() % 8)).map { _ in
                            alphabet[Int(generator.next() % UInt64(alphabet.count))]
                        })
                )
            }
            let quote: Character = generator.next() % 2 == 0 ? "'" : "\""
            let text = pairs.map { key, value in
                "\(key)=\(quote)" + value.map { $0 == quote || $0 == "\\" ? "\\\($0)" : String($0) }.joined()
                    + "\(quote)"
            }.joined(separator: " ")
            let parsed = try ModuleArguments(parsing: text)
            #expect(parsed.pairs.map(\.key) == pairs.map(\.0), "\(text)")
            #expect(parsed.pairs.map(\.value) == pairs.map(\.1), "\(text)")
        }
    }

    /// Garbage gives a value or a ModuleArgumentError, never a trap; an error points inside the text.
    @Test func garbageNeverTraps() {
        var generator = SplitMix64(seed: 42)
        let alphabet = Array(#"a=\'" b"#) + ["\t", "\n", "é", "="]
        var errors = 0
        for _ in 0..<5_000 {
            let text = String(
                (0..<Int(generator.next() % 12)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            do {
                _ = try ModuleArguments(parsing: text)
            } catch {
                errors += 1
                #expect((1...max(1, text.count)).contains(error.position), "\(error)")
            }
        }
        #expect(errors > 0)
    }
}
