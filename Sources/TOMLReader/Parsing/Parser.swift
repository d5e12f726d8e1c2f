/// Reads TOML 1.0 from UTF-8 bytes into a ``TOMLTable`` tree, stopping at the first error.
///
/// The cursor works on bytes (TOML's syntax is ASCII) and converts to line and column only when a
/// position is recorded, so columns count Unicode scalars. Every step is linear in the input, and
/// nesting is bounded (``maximumDepth``), so no file can exhaust the time or the stack of the agent
/// reading it.
struct Parser {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var lineStart = 0
    /// Where the last position on the current line was counted, so positions along one long line
    /// (a 40,000-key inline table) cost what lies between them, not the whole line each time.
    private let columns = ColumnCursor()

    let root: TableBuilder
    /// The table key/value lines go into: the last header's table.
    var current: TableBuilder
    /// How the current table is named in messages (`ducking`, `rank[1]`); empty at the root.
    var currentPath = ""
    /// How deep the value being read sits: the tables, dotted-key parts, arrays and inline tables
    /// around it. Bounded so reading, merging and comparing the tree never exhausts a stack.
    var depth = 0
    /// How deep values may sit. A policy needs 4; TOML users rarely pass 10.
    static let maximumDepth = 64

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        root = TableBuilder(origin: .root, position: SourcePosition(line: 1, column: 1), depth: 0)
        current = root
    }

    // MARK: Document structure

    mutating func parseDocument() throws(TOMLError) -> TOMLTable {
        try requireUTF8()
        // A leading byte-order mark is allowed by most editors' TOML; skip it.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
            lineStart = 3
        }
        while true {
            skipWhitespace()
            guard let byte = peek() else { break }
            switch byte {
            case UInt8(ascii: "#"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                try expectEndOfLine(after: "")
            case UInt8(ascii: "["):
                try parseHeader()
            default:
                try parseKeyValue(into: current, path: currentPath)
                try expectEndOfLine(after: "the value")
            }
        }
        return root.build()
    }

    /// Consumes optional whitespace, an optional comment, and a newline or the end of the text.
    mutating func expectEndOfLine(after what: String) throws(TOMLError) {
        skipWhitespace()
        if peek() == UInt8(ascii: "#") { try skipComment() }
        guard let byte = peek() else { return }
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
            try consumeNewline()
            return
        }
        let context = what.isEmpty ? "" : " after \(what)"
        throw error("expected end of line\(context), found \(describeHere())")
    }

    mutating func parseHeader() throws(TOMLError) {
        let start = position
        index += 1
        let isArray = peek() == UInt8(ascii: "[")
        if isArray { index += 1 }
        skipWhitespace()
        let parts = try parseKey()
        skipWhitespace()
        let name = KeyPart.display(parts)
        guard parts.count <= Self.maximumDepth else {
            throw error(
                "table name '\(name)' has \(parts.count) parts; tables may be nested at most \(Self.maximumDepth) deep",
                at: start)
        }
        let close = isArray ? "]]" : "]"
        for _ in 0..<close.utf8.count {
            guard peek() == UInt8(ascii: "]") else {
                throw error("expected '\(close)' after table name '\(name)', found \(describeHere())")
            }
            index += 1
        }
        if isArray {
            try openTableArrayElement(parts, at: start)
        } else {
            try openTable(parts, at: start)
        }
        try expectEndOfLine(after: "table header [\(isArray ? "[" : "")\(name)\(close)")
    }

    /// Reads `key = value` and stores it in `table`, following dotted keys.
    mutating func parseKeyValue(into table: TableBuilder, path: String) throws(TOMLError) {
        guard let byte = peek(), byte.isBareKeyByte || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") else {
            throw error("expected a key, found \(describeHere())")
        }
        let parts = try parseKey()
        skipWhitespace()
        guard peek() == UInt8(ascii: "=") else {
            throw error("expected '=' after key '\(KeyPart.display(parts))', found \(describeHere())")
        }
        let valueDepth = table.depth + parts.count
        guard valueDepth <= Self.maximumDepth else {
            throw error(
                "key '\(KeyPart.display(parts))' would nest its value \(valueDepth) deep; values may be nested at most \(Self.maximumDepth) deep (tables, dotted keys, arrays and inline tables count together)",
                at: parts.first?.position ?? position)
        }
        index += 1
        skipWhitespace()
        let enclosing = depth
        depth = valueDepth
        defer { depth = enclosing }
        let value = try parseValue(forKey: KeyPart.display(parts))
        try insert(value, at: parts, into: table, path: path)
    }

    // MARK: Keys

    /// Reads a simple or dotted key: `a`, `"a b"`, `a.'b'.c`.
    mutating func parseKey() throws(TOMLError) -> [KeyPart] {
        var parts = [try parseSimpleKey()]
        while true {
            let save = (index, line, lineStart)
            skipWhitespace()
            guard peek() == UInt8(ascii: ".") else {
                (index, line, lineStart) = save
                return parts
            }
            index += 1
            skipWhitespace()
            parts.append(try parseSimpleKey())
        }
    }

    mutating func parseSimpleKey() throws(TOMLError) -> KeyPart {
        let start = position
        switch peek() {
        case UInt8(ascii: "\""):
            if peek(offset: 1) == UInt8(ascii: "\""), peek(offset: 2) == UInt8(ascii: "\"") {
                throw error("a key cannot be a multi-line string")
            }
            return KeyPart(name: try parseBasicString(), position: start)
        case UInt8(ascii: "'"):
            if peek(offset: 1) == UInt8(ascii: "'"), peek(offset: 2) == UInt8(ascii: "'") {
                throw error("a key cannot be a multi-line string")
            }
            return KeyPart(name: try parseLiteralString(), position: start)
        case let byte? where byte.isBareKeyByte:
            let begin = index
            while let next = peek(), next.isBareKeyByte { index += 1 }
            return KeyPart(name: String(decoding: bytes[begin..<index], as: UTF8.self), position: start)
        default:
            throw error("expected a key, found \(describeHere())")
        }
    }

    // MARK: Cursor

    func peek(offset: Int = 0) -> UInt8? {
        let target = index + offset
        return target < bytes.count ? bytes[target] : nil
    }

    var position: SourcePosition { position(at: index) }

    /// The position of a byte offset on the current line.
    func position(at offset: Int) -> SourcePosition {
        var column = 1
        var cursor = lineStart
        if columns.lineStart == lineStart, columns.offset <= offset {
            (cursor, column) = (columns.offset, columns.column)
        }
        while cursor < offset {
            // UTF-8 continuation bytes do not start a new character.
            if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
            cursor += 1
        }
        (columns.lineStart, columns.offset, columns.column) = (lineStart, offset, column)
        return SourcePosition(line: line, column: column)
    }

    mutating func skipWhitespace() {
        while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1 }
    }

    /// Skips whitespace, comments and newlines (inside arrays).
    mutating func skipWhitespaceCommentsAndNewlines() throws(TOMLError) {
        while true {
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: "#"): try skipComment()
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): try consumeNewline()
            default: return
            }
        }
    }

    mutating func skipComment() throws(TOMLError) {
        index += 1
        while let byte = peek(), byte != UInt8(ascii: "\n") {
            if byte == UInt8(ascii: "\r"), peek(offset: 1) == UInt8(ascii: "\n") { return }
            if byte.isForbiddenControl {
                throw error("control character \(Self.codePoint(byte)) is not allowed in a comment")
            }
            index += 1
        }
    }

    /// Consumes LF or CRLF at the cursor and starts a new line.
    mutating func consumeNewline() throws(TOMLError) {
        if peek() == UInt8(ascii: "\r") {
            guard peek(offset: 1) == UInt8(ascii: "\n") else {
                throw error("a carriage return must be followed by a line feed")
            }
            index += 1
        }
        index += 1
        line += 1
        lineStart = index
    }

    // MARK: Errors

    func error(_ message: String) -> TOMLError {
        TOMLError(message, at: position)
    }

    func error(_ message: String, at position: SourcePosition) -> TOMLError {
        TOMLError(message, at: position)
    }

    /// What is at the cursor, as a message shows it: `'x'`, `'yes'` for a bare word, "end of line", "end of file".
    func describeHere() -> String {
        guard let byte = peek() else { return "end of file" }
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return "end of line" }
        if byte.isBareKeyByte {
            var end = index
            while end < bytes.count, bytes[end].isBareKeyByte || bytes[end] == UInt8(ascii: ".") { end += 1 }
            return "'\(KeyPart.abbreviated(String(decoding: bytes[index..<end], as: UTF8.self)))'"
        }
        // Show one whole character, even when it is several bytes long.
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "'\(String(decoding: bytes[index..<end], as: UTF8.self))'"
    }

    static func codePoint(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension UInt8 {
    /// Control characters TOML forbids outside escapes: everything below space except tab, and DEL.
    var isForbiddenControl: Bool {
        (self < 0x20 && self != UInt8(ascii: "\t")) || self == 0x7F
    }
}
