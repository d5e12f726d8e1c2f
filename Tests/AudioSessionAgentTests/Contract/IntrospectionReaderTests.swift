import AudioSessionAgent
import Testing

/// The introspection reader refuses what is not well-formed XML, with where and why.
@Suite("Introspection reader: XML well-formedness")
struct IntrospectionReaderTests {
    struct Malformed: CustomTestStringConvertible, Sendable {
        var xml: String
        var line: Int
        var column: Int
        var says: String
        var testDescription: String { says }
    }

    static let malformed: [Malformed] = [
        Malformed(xml: "<node><interface name=\"a.b\"></node>", line: 1, column: 29, says: "</node> closes <interface> opened at line 1, column 7"),
        Malformed(xml: "<node>\n  <interface name=\"a.b\">\n", line: 3, column: 1, says: "<interface> opened at line 2, column 3 is never closed"),
        Malformed(xml: "<node><interface name=a.b/></node>", line: 1, column: 23, says: "an attribute value in quotes"),
        Malformed(xml: "<node a=\"1\" a=\"2\"/>", line: 1, column: 13, says: "attribute a appears twice in <node>"),
        Malformed(xml: "<node a=\"x<y\"/>", line: 1, column: 11, says: "\"<\" in an attribute value"),
        Malformed(xml: "<node a=\"&nbsp;\"/>", line: 1, column: 10, says: "unknown entity &nbsp;"),
        Malformed(xml: "<node a=\"&#0;\"/>", line: 1, column: 10, says: "&#0; is not a character XML allows"),
        Malformed(xml: "<node a=\"AT&T\"/>", line: 1, column: 12, says: "\"&\" must start a reference"),
        Malformed(xml: "<node/><node/>", line: 1, column: 8, says: "a second root element"),
        Malformed(xml: "hello <node/>", line: 1, column: 1, says: "text outside the root element"),
        Malformed(xml: "<!-- a -- b --><node/>", line: 1, column: 8, says: "\"--\" inside a comment"),
        Malformed(xml: "<node><!-- never closed </node>", line: 1, column: 32, says: "comment is never closed"),
        Malformed(xml: "<node/>\n<?xml version=\"1.0\"?>", line: 2, column: 6, says: "the XML declaration may only come first"),
        Malformed(xml: "<node>\u{1}</node>", line: 1, column: 7, says: "control character 1"),
        Malformed(xml: "<node a=\"1\"b=\"2\"/>", line: 1, column: 12, says: "expected whitespace"),
        Malformed(xml: "<node>]]></node>", line: 1, column: 7, says: "\"]]>\" in character data"),
        Malformed(xml: "< node/>", line: 1, column: 2, says: "a name for an element"),
        Malformed(xml: "", line: 1, column: 1, says: "no root element"),
        Malformed(xml: "<!DOCTYPE node><!DOCTYPE node><node/>", line: 1, column: 16, says: "a document type declaration must come once"),
    ]

    @Test("malformed XML is refused at its line and column", arguments: malformed)
    func refused(_ example: Malformed) {
        let error = #expect(throws: IntrospectionError.self) { try IntrospectionDocument(xml: example.xml) }
        #expect(error?.isMalformedXML == true)
        #expect(error?.line == example.line)
        #expect(error?.column == example.column)
        #expect(error?.message.contains(example.says) == true, "\(String(describing: error))")
    }

    @Test("well-formed XML with a declaration, a doctype with an internal subset, comments, CDATA, references and any quotes is read")
    func accepted() throws {
        let xml = """
            \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN" "x.dtd" [ <!-- ] > --> ]>
            <!-- before -->
            <?tool data?>
            <node name='/a'>
              <![CDATA[ <ignored> ]]>
              <interface name="org.example.A&#x31;">
                <method name="M"><arg name="q&amp;a" type='a{s&#118;}' direction="in"/></method>
                <property name="P" type="u" access="read"><annotation name="org.freedesktop.DBus.Property.EmitsChangedSignal" value="const"/></property>
              </interface>
              <node name="child"/>
            </node>
            <!-- after -->

            """
        let document = try IntrospectionDocument(xml: xml)
        #expect(document.name == "/a")
        #expect(document.children.map(\.name) == ["child"])
        let interface = try #require(document.interface(named: "org.example.A1"))
        #expect(interface.method(named: "M")?.inputs == [ArgumentDescription(name: "q&a", type: "a{sv}")])
        #expect(interface.property(named: "P") == PropertyDescription(
            name: "P", type: "u", access: .read,
            annotations: [AnnotationDescription(name: "org.freedesktop.DBus.Property.EmitsChangedSignal", value: "const")]))
    }
}

/// The introspection reader refuses well-formed XML that is not valid introspection.
@Suite("Introspection reader: introspection rules")
struct IntrospectionRuleTests {
    static let invalid: [(String, String)] = [
        ("<interface name=\"a.b\"/>", "the root element is <interface>"),
        ("<node><interfaces name=\"a.b\"/></node>", "unexpected <interfaces> at line 1; accepted here: <interface>, <node>"),
        ("<node><interface name=\"ab\"/></node>", "not a valid interface name"),
        ("<node><interface name=\"a.1b\"/></node>", "not a valid interface name"),
        ("<node><interface name=\"a.b\"><method name=\"Do-It\"/></interface></node>", "\"Do-It\" is not a valid member name"),
        ("<node><interface name=\"a.b\"><method name=\"M\"><arg type=\"ss\"/></method></interface></node>", "type \"ss\" is not a single complete D-Bus type"),
        ("<node><interface name=\"a.b\"><method name=\"M\"><arg name=\"x\"/></method></interface></node>", "needs a type attribute"),
        ("<node><interface name=\"a.b\"><method name=\"M\"><arg type=\"s\" direction=\"inout\"/></method></interface></node>", "direction \"inout\"; accepted: in, out"),
        ("<node><interface name=\"a.b\"><signal name=\"S\"><arg type=\"s\" direction=\"in\"/></signal></interface></node>", "signal arguments have no direction or direction=\"out\""),
        ("<node><interface name=\"a.b\"><method name=\"M\"/><method name=\"M\"/></interface></node>", "method M appears twice"),
        ("<node><interface name=\"a.b\"/><interface name=\"a.b\"/></node>", "interface a.b appears twice"),
        ("<node><interface name=\"a.b\"><method name=\"M\" nam=\"x\"/></interface></node>", "has no attribute \"nam\""),
        ("<node><interface name=\"a.b\"><property name=\"P\" type=\"s\" access=\"rw\"/></interface></node>", "access \"rw\"; accepted: read, write, readwrite"),
        ("<node><interface name=\"a.b\"><annotation name=\"x\"/></interface></node>", "needs a value attribute"),
    ]

    @Test("invalid introspection is refused with the element path and what is accepted", arguments: invalid)
    func refused(_ xml: String, _ says: String) {
        let error = #expect(throws: IntrospectionError.self) { try IntrospectionDocument(xml: xml) }
        #expect(error?.isMalformedXML == false)
        #expect(error?.message.contains(says) == true, "\(String(describing: error))")
    }
}

/// D-Bus type signatures, as the specification defines them.
@Suite("D-Bus signatures")
struct DBusSignatureTests {
    @Test("single complete types", arguments: ["y", "b", "n", "q", "i", "u", "x", "t", "d", "h", "s", "o", "g", "v", "as", "a{sv}", "a{s(sd)}", "(a(sssu)a(sssu))", "aaai", "a(ssuusssass)"])
    func single(_ signature: String) {
        #expect(DBusSignature.isSingleCompleteType(signature))
    }

    @Test("not single complete types", arguments: ["", "ss", "a", "()", "(s", "s)", "{sv}", "a{vs}", "a{(s)s}", "a{s}", "a{sss}", "z", "a{sv", "aa"])
    func notSingle(_ signature: String) {
        #expect(!DBusSignature.isSingleCompleteType(signature))
    }

    @Test("message bodies may hold several types or none")
    func bodies() {
        #expect(DBusSignature.isValid(""))
        #expect(DBusSignature.isValid("sssas"))
        #expect(!DBusSignature.isValid("sa"))
    }

    @Test("nesting and length are bounded as the specification requires")
    func limits() {
        #expect(DBusSignature.isSingleCompleteType(String(repeating: "a", count: 32) + "s"))
        #expect(!DBusSignature.isSingleCompleteType(String(repeating: "a", count: 33) + "s"))
        #expect(DBusSignature.isSingleCompleteType(String(repeating: "(", count: 32) + "s" + String(repeating: ")", count: 32)))
        #expect(!DBusSignature.isSingleCompleteType(String(repeating: "(", count: 33) + "s" + String(repeating: ")", count: 33)))
        #expect(!DBusSignature.isValid(String(repeating: "s", count: 256)))
    }
}
