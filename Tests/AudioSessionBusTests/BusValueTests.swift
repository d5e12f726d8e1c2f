import AudioSessionBus
import Testing

@Suite("D-Bus types, signatures, validation and decoding errors (no bus)")
struct BusValueTests {
    @Test("signatures parse and print back", arguments: ["y", "b", "nqiuxtd", "s", "o", "g", "v", "as", "a{sv}", "a{ua{sv}}", "(isa(iv))", "aav", "a(ss)"])
    func signatureRoundTrip(signature: String) throws {
        #expect(try BusSignature(validating: signature).rawValue == signature)
        #expect(try BusType.list(signature: signature).map(\.signature).joined() == signature)
    }

    @Test("invalid signatures are refused with a reason", arguments: ["a", "(", "()", "a{vs}", "a{s}", "a{sss}", "z", "h", "(i"])
    func invalidSignature(signature: String) {
        let error = #expect(throws: BusError.self) { try BusSignature(validating: signature) }
        #expect(error?.name == .invalidSignature)
        #expect(error?.message.contains("'\(signature)'") == true)
    }

    @Test("values whose elements contradict their container are refused before libdbus sees them")
    func validation() {
        let wrongElement = #expect(throws: BusError.self) { try BusValue.array(element: .string, [.int32(1)]).validate() }
        #expect(wrongElement?.message == "value, element 0: expected string (s), got int32 (i)")
        #expect(throws: BusError.self) { try BusValue.dictionary(key: .variant, value: .string, [:]).validate() }
        #expect(throws: BusError.self) { try BusValue.structure([]).validate() }
        #expect(throws: BusError.self) { try BusValue.string("nul\u{0}inside").validate() }
        #expect(throws: Never.self) { try BusValue.array(element: .array(.string), []).validate() }
    }

    @Test("object paths follow the D-Bus rules", arguments: [
        ("/", true), ("/org/audiosession/Agent", true), ("/a_1/B2", true), ("", false), ("org", false),
        ("/org/", false), ("//org", false), ("/org-x", false), ("/org//x", false),
    ])
    func objectPaths(path: String, valid: Bool) {
        #expect(BusObjectPath.isValid(path) == valid)
    }

    @Test("decoding says which argument is wrong, what was expected and what came")
    func decodingErrors() throws {
        let arguments: BusArguments = [.string("music"), .int32(3)]
        let second = #expect(throws: BusError.self) { try arguments.decode(String.self, UInt32.self) }
        #expect(second == BusError(.invalidArgs, "argument 2: expected uint32 (u), got int32 (i)"))
        let count = #expect(throws: BusError.self) { try arguments.decode(String.self) }
        #expect(count == BusError(.invalidArgs, "expected 1 argument (s), got 2 (si)"))
        let nested = #expect(throws: BusError.self) {
            try BusArguments([["a": Int32(1)].busValue]).decode([String: String].self)
        }
        #expect(nested == BusError(.invalidArgs, "argument 1: expected dictionary (a{ss}), got dictionary (a{si})"))
        #expect(try arguments.decode(Int32.self, at: 1) == 3)
    }

    @Test("match rules quote their values")
    func matchRuleText() {
        let rule = BusMatchRule(
            sender: "org.freedesktop.DBus", interface: "org.freedesktop.DBus", member: "NameOwnerChanged",
            arguments: [0: "it's"])
        #expect(
            rule.text
                == "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='it'\\''s'"
        )
    }
}
