import Foundation
import Testing
import TOMLReader

/// The official TOML 1.0.0 test cases (toml-lang/toml-test), read in place from the workplace's
/// `shared/testdata/toml-test` beside the repository: every valid case must give the case's JSON,
/// every invalid one must be refused with a position. Dates and times are refused on purpose
/// (the policy has none); there the refusal must name the line of the first one.
@Suite("TOML reader: toml-test's TOML 1.0.0 cases")
struct TOMLTestSuiteTests {
    static let directory: String = {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return repository.deletingLastPathComponent().appendingPathComponent("shared/testdata/toml-test").path
    }()

    static func caseList() throws -> [String] {
        let list = try String(contentsOfFile: directory + "/files-toml-1.0.0", encoding: .utf8)
        return list.split(separator: "\n").map(String.init)
    }

    static func bytes(_ relativePath: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/" + relativePath)))
    }

    @Test func everyValidCaseReadsAsItsJSON() throws {
        let cases = try Self.caseList().filter { $0.hasPrefix("valid/") && $0.hasSuffix(".toml") }
        #expect(cases.count == 210, "the case list changed: \(cases.count) valid cases")
        var compared = 0
        var refusedDates = 0
        for path in cases {
            let json = try JSONSerialization.jsonObject(with: Data(try Self.bytes(String(path.dropLast(5)) + ".json")))
            let input = try Self.bytes(path)
            let dateStems = TaggedJSON.dateStems(in: json)
            do {
                let document = try TOMLDocument(parsingUTF8: input)
                if !dateStems.isEmpty {
                    Issue.record("\(path): holds a date or time but was read")
                } else if !TaggedJSON.matches(json, document.root) {
                    Issue.record("\(path): read as \(TOMLRendering.render(document.root)), expected \(json)")
                }
                compared += 1
            } catch {
                guard !dateStems.isEmpty else {
                    Issue.record("\(path): refused: \(error)")
                    continue
                }
                #expect(error.message.hasPrefix("dates and times are not supported"), "\(path): \(error)")
                let lines = String(decoding: input, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                let named = error.line <= lines.count ? String(lines[error.line - 1]) : ""
                #expect(dateStems.contains { named.contains($0) }, "\(path): the refusal names line \(error.line): \(named)")
                refusedDates += 1
            }
        }
        #expect(compared + refusedDates == cases.count)
        #expect(refusedDates > 0 && compared > 150, "\(compared) compared, \(refusedDates) refused for dates")
    }

    @Test func everyInvalidCaseIsRefusedWithAPosition() throws {
        let cases = try Self.caseList().filter { $0.hasPrefix("invalid/") }
        #expect(cases.count == 499, "the case list changed: \(cases.count) invalid cases")
        for path in cases {
            let input = try Self.bytes(path)
            do {
                let document = try TOMLDocument(parsingUTF8: input)
                Issue.record("\(path): accepted as \(TOMLRendering.render(document.root))")
            } catch {
                let lines = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
                #expect(error.line >= 1 && error.line <= lines && error.column >= 1, "\(path): \(error)")
                #expect(!error.message.isEmpty)
            }
        }
    }
}

/// toml-test's JSON: tables are objects, arrays are arrays, every scalar is
/// `{"type": ..., "value": "..."}`.
enum TaggedJSON {
    static func matches(_ json: Any, _ table: TOMLTable) -> Bool {
        guard let object = json as? [String: Any], object.count == table.entries.count else { return false }
        return table.entries.allSatisfy { entry in object[entry.key].map { matches($0, entry.value) } ?? false }
    }

    static func matches(_ json: Any, _ value: TOMLValue) -> Bool {
        switch value.kind {
        case .table(let table):
            return matches(json, table)
        case .array(let elements):
            guard let array = json as? [Any], array.count == elements.count else { return false }
            return zip(array, elements).allSatisfy { matches($0, $1) }
        case .string(let text):
            return scalar(json).map { $0 == ("string", text) } ?? false
        case .integer(let number):
            guard let (type, text) = scalar(json), type == "integer" else { return false }
            return Int64(text) == number
        case .boolean(let flag):
            return scalar(json).map { $0 == ("bool", String(flag)) } ?? false
        case .float(let number):
            guard let (type, text) = scalar(json), type == "float" else { return false }
            if text == "nan" { return number.isNaN }
            switch text {
            case "inf", "+inf": return number == .infinity
            case "-inf": return number == -.infinity
            default: return Double(text) == number
            }
        }
    }

    private static func scalar(_ json: Any) -> (String, String)? {
        guard let object = json as? [String: Any], object.count == 2, let type = object["type"] as? String,
            let value = object["value"] as? String
        else { return nil }
        return (type, value)
    }

    /// The date or time part of each date and time value in a case's JSON (`1979-05-27`,
    /// `07:32:00`): what the TOML source writes too, whatever separator or fraction follows.
    static func dateStems(in json: Any) -> [String] {
        dateValues(in: json).map { String($0.prefix { $0 != "T" && $0 != " " && $0 != "." && $0 != "Z" && $0 != "+" }) }
    }

    private static func dateValues(in json: Any) -> [String] {
        if let object = json as? [String: Any] {
            if let type = object["type"] as? String, let value = object["value"] as? String, object.count == 2 {
                return type.hasPrefix("date") || type.hasPrefix("time") ? [value] : []
            }
            return object.values.flatMap(dateValues(in:))
        }
        if let array = json as? [Any] { return array.flatMap(dateValues(in:)) }
        return []
    }
}
