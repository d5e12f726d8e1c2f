/// A small, strict reader of XML 1.0 documents: enough to check introspection data is well formed
/// and to read it, with no Foundation (the agent must stay small).
///
/// It checks what a conforming non-validating parser checks for documents without entity
/// declarations: one root element, properly nested and matching tags, quoted and unique
/// attributes, no `<` in attribute values, known entity and valid character references,
/// well-formed comments, CDATA sections, processing instructions and the document type
/// declaration (skipped, not interpreted), and only XML characters.
struct XMLReader {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1

    /// Reads `text` and returns its root element, or throws the first well-formedness error.
    static func parse(_ text: String) throws(IntrospectionError) -> MarkupElement {
        var reader = XMLReader(bytes: Array(text.utf8))
        return try reader.document()
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    // MARK: Document

    private mutating func document() throws(IntrospectionError) -> MarkupElement {
        if starts(with: [0xEF, 0xBB, 0xBF]) { advance(3) }
        if starts(with: "<?xml") { try processingInstruction(atStart: true) }
        var root: MarkupElement?
        var sawDoctype = false
        while true {
            skipWhitespace()
            if isAtEnd { break }
            if starts(with: "<!--") {
                try comment()
            } else if starts(with: "<?") {
                try processingInstruction(atStart: false)
            } else if starts(with: "<!DOCTYPE") {
                guard root == nil, !sawDoctype else { throw failure("a document type declaration must come once, before the root element") }
                try doctype()
                sawDoctype = true
            } else if starts(with: "<") {
                guard root == nil else { throw failure("a second root element; a document has exactly one") }
                root = try element()
            } else {
                throw failure("text outside the root element")
            }
        }
        guard let root else { throw failure("no root element") }
        return root
    }

    // MARK: Elements

    private mutating func element() throws(IntrospectionError) -> MarkupElement {
        let (startLine, startColumn) = (line, column)
        advance(1)
        let name = try name(of: "an element")
        var element = MarkupElement(name: name, attributes: [:], children: [], text: "", line: startLine, column: startColumn)
        while true {
            let spaced = skipWhitespace()
            if starts(with: "/>") {
                advance(2)
                return element
            }
            if starts(with: ">") {
                advance(1)
                break
            }
            guard spaced, !isAtEnd else { throw failure("expected whitespace, \">\" or \"/>\" in the tag of <\(name)>") }
            let (attributeLine, attributeColumn) = (line, column)
            let attribute = try self.name(of: "an attribute")
            skipWhitespace()
            try expect("=", "\"=\" after attribute \(attribute)")
            skipWhitespace()
            let value = try attributeValue()
            guard element.attributes.updateValue(value, forKey: attribute) == nil else {
                throw IntrospectionError(line: attributeLine, column: attributeColumn, "attribute \(attribute) appears twice in <\(name)>")
            }
        }
        while true {
            if isAtEnd {
                throw failure("<\(name)> opened at line \(startLine), column \(startColumn) is never closed")
            }
            if starts(with: "</") {
                let (closeLine, closeColumn) = (line, column)
                advance(2)
                let closing = try self.name(of: "a closing tag")
                skipWhitespace()
                try expect(">", "\">\" to end </\(closing)>")
                guard closing == name else {
                    throw IntrospectionError(
                        line: closeLine, column: closeColumn,
                        "</\(closing)> closes <\(name)> opened at line \(startLine), column \(startColumn)")
                }
                return element
            } else if starts(with: "<!--") {
                try comment()
            } else if starts(with: "<![CDATA[") {
                element.text += try cdata()
            } else if starts(with: "<?") {
                try processingInstruction(atStart: false)
            } else if starts(with: "<!") {
                throw failure("unexpected markup declaration inside <\(name)>")
            } else if starts(with: "<") {
                element.children.append(try self.element())
            } else {
                element.text += try characterData()
            }
        }
    }

    private mutating func attributeValue() throws(IntrospectionError) -> String {
        guard let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw failure("an attribute value in quotes")
        }
        advance(1)
        var value: [UInt8] = []
        while true {
            guard let byte = current else { throw failure("attribute value is never closed") }
            switch byte {
            case quote:
                advance(1)
                return String(decoding: value, as: UTF8.self)
            case UInt8(ascii: "<"):
                throw failure("\"<\" in an attribute value; write &lt;")
            case UInt8(ascii: "&"):
                value += try reference()
            default:
                try checkCharacter(byte)
                value.append(byte)
                advance(1)
            }
        }
    }

    private mutating func characterData() throws(IntrospectionError) -> String {
        var text: [UInt8] = []
        while let byte = current, byte != UInt8(ascii: "<") {
            if byte == UInt8(ascii: "&") {
                text += try reference()
                continue
            }
            if starts(with: "]]>") { throw failure("\"]]>\" in character data") }
            try checkCharacter(byte)
            text.append(byte)
            advance(1)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Reads `&name;` or `&#N;` / `&#xN;` and returns the UTF-8 it stands for.
    private mutating func reference() throws(IntrospectionError) -> [UInt8] {
        let (startLine, startColumn) = (line, column)
        advance(1)
        var body: [UInt8] = []
        while let byte = current, byte != UInt8(ascii: ";") {
            let fitsReference = Self.isNameStart(byte) || Self.isNameContinuation(byte) || byte == UInt8(ascii: "#")
            guard body.count < 12, fitsReference else {
                throw IntrospectionError(
                    line: startLine, column: startColumn, "\"&\" must start a reference such as &amp; (ending in \";\")")
            }
            body.append(byte)
            advance(1)
        }
        guard current == UInt8(ascii: ";") else {
            throw IntrospectionError(line: startLine, column: startColumn, "reference is never ended with \";\"")
        }
        advance(1)
        let name = String(decoding: body, as: UTF8.self)
        switch name {
        case "lt": return Array("<".utf8)
        case "gt": return Array(">".utf8)
        case "amp": return Array("&".utf8)
        case "quot": return Array("\"".utf8)
        case "apos": return Array("'".utf8)
        default: break
        }
        guard name.hasPrefix("#") else {
            throw IntrospectionError(
                line: startLine, column: startColumn, "unknown entity &\(name);; accepted: &lt; &gt; &amp; &quot; &apos; and &#N;")
        }
        let digits = name.dropFirst()
        let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        guard let value, let scalar = Unicode.Scalar(value), Self.isXMLCharacter(scalar) else {
            throw IntrospectionError(line: startLine, column: startColumn, "&\(name); is not a character XML allows")
        }
        return Array(String(Character(scalar)).utf8)
    }

    // MARK: Other markup

    private mutating func comment() throws(IntrospectionError) {
        advance(4)
        while !starts(with: "-->") {
            guard let byte = current else { throw failure("comment is never closed with \"-->\"") }
            if starts(with: "--") { throw failure("\"--\" inside a comment") }
            try checkCharacter(byte)
            advance(1)
        }
        advance(3)
    }

    private mutating func cdata() throws(IntrospectionError) -> String {
        advance(9)
        var text: [UInt8] = []
        while !starts(with: "]]>") {
            guard let byte = current else { throw failure("CDATA section is never closed with \"]]>\"") }
            try checkCharacter(byte)
            text.append(byte)
            advance(1)
        }
        advance(3)
        return String(decoding: text, as: UTF8.self)
    }

    private mutating func processingInstruction(atStart: Bool) throws(IntrospectionError) {
        advance(2)
        let target = try name(of: "a processing instruction")
        if target.lowercased() == "xml" && !atStart {
            throw failure("the XML declaration may only come first in the document")
        }
        while !starts(with: "?>") {
            guard let byte = current else { throw failure("processing instruction is never closed with \"?>\"") }
            try checkCharacter(byte)
            advance(1)
        }
        advance(2)
    }

    /// Skips a document type declaration, including an internal subset in brackets.
    private mutating func doctype() throws(IntrospectionError) {
        advance(9)
        guard skipWhitespace() else { throw failure("whitespace after <!DOCTYPE") }
        _ = try name(of: "the document type")
        var quote: UInt8?
        var depth = 0
        while true {
            if quote == nil && depth > 0 && starts(with: "<!--") {
                try comment()
                continue
            }
            guard let byte = current else { throw failure("document type declaration is never closed with \">\"") }
            try checkCharacter(byte)
            advance(1)
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ">") where depth == 0: return
            default: break
            }
        }
    }

    // MARK: Lexing

    private mutating func name(of what: String) throws(IntrospectionError) -> String {
        guard let first = current, Self.isNameStart(first) else { throw failure("a name for \(what)") }
        var name: [UInt8] = [first]
        advance(1)
        while let byte = current, Self.isNameStart(byte) || Self.isNameContinuation(byte) {
            name.append(byte)
            advance(1)
        }
        return String(decoding: name, as: UTF8.self)
    }

    private mutating func expect(_ literal: String, _ what: String) throws(IntrospectionError) {
        guard starts(with: literal) else { throw failure("expected \(what)") }
        advance(literal.utf8.count)
    }

    /// Skips whitespace; returns whether there was any.
    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = index
        while let byte = current, Self.isWhitespace(byte) { advance(1) }
        return index > start
    }

    private func checkCharacter(_ byte: UInt8) throws(IntrospectionError) {
        guard byte >= 0x20 || Self.isWhitespace(byte) else {
            throw failure("control character \(byte) is not allowed in XML")
        }
    }

    private var isAtEnd: Bool { index >= bytes.count }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func starts(with literal: String) -> Bool { starts(with: Array(literal.utf8)) }

    private func starts(with literal: [UInt8]) -> Bool {
        bytes.count - index >= literal.count && bytes[index..<index + literal.count].elementsEqual(literal)
    }

    private mutating func advance(_ count: Int) {
        for _ in 0..<count where index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if bytes[index] & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
    }

    private func failure(_ message: String) -> IntrospectionError {
        IntrospectionError(line: line, column: column, message)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// ASCII letters, `_` and `:`, and any non-ASCII byte (names in this project are ASCII; the
    /// full Unicode name classes are not worth their table here).
    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    private static func isNameContinuation(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
