import AudioSessionContract
import Testing

/// The one sanitiser for text from clients: which characters deceive, how they are shown, how
/// much of a client's text an error quotes.
@Suite("Untrusted text")
struct UntrustedTextTests {
    @Test("control, separator, bidirectional and zero-width characters are deceptive; letters, spaces and emoji are not")
    func classification() {
        let deceptive: [UInt32] = [
            0x00, 0x07, 0x0A, 0x1B, 0x1F, 0x7F, 0x80, 0x9B, 0x9F, 0x2028, 0x2029,
            0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
            0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF,
        ]
        for value in deceptive {
            let scalar = Unicode.Scalar(value)!
            #expect(UntrustedText.isDeceptive(scalar), "\(UntrustedText.codePoint(of: scalar))")
        }
        for text in ["a", " ", "é", "ß", "中", "🎵", "-", "\u{A0}", "\u{2010}", "\u{2065}", "\u{206A}", "\u{A1}"] {
            #expect(UntrustedText.firstDeceptiveScalar(in: text) == nil, "\(text)")
        }
        #expect(UntrustedText.kind(of: "\u{202E}") == "a bidirectional control")
        #expect(UntrustedText.kind(of: "\u{200D}") == "a zero-width character")
        #expect(UntrustedText.kind(of: "\u{1B}") == "a control character")
        #expect(UntrustedText.codePoint(of: "\u{1B}") == "U+001B")
        #expect(UntrustedText.codePoint(of: "\u{1F3B5}") == "U+1F3B5")
    }

    @Test("displayable text keeps what is printable and writes every deceptive character as a readable escape on one line")
    func displayable() {
        let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2Jevil\nfake-line"
        let shown = UntrustedText.displayable(hostile)
        #expect(shown == #"\x1B]0;pwned\x07\x1B[2Jevil\nfake-line"#)
        #expect(!shown.unicodeScalars.contains { UntrustedText.isDeceptive($0) })
        #expect(UntrustedText.displayable("a\u{202E}b\u{200B}c\u{9B}d\te") == #"a\u{202E}b\u{200B}c\x9Bd\te"#)
        #expect(UntrustedText.displayable("Müsic 🎵 player") == "Müsic 🎵 player")
    }

    @Test("an excerpt quotes at most 200 bytes, escaped, and says it was cut and from how long")
    func excerpt() {
        let huge = String(repeating: "x", count: 1 << 20)
        let quoted = UntrustedText.excerpt(huge)
        #expect(quoted == String(repeating: "x", count: 200) + "… (cut from 1048576 bytes)")
        #expect(quoted.utf8.count < 300)
        #expect(UntrustedText.excerpt("sink-input:7") == "sink-input:7")
        #expect(UntrustedText.excerpt(String(repeating: "y", count: 200)) == String(repeating: "y", count: 200))
        // Escapes count as they are shown, and a character is never split.
        let escapes = UntrustedText.excerpt(String(repeating: "\u{1B}", count: 100))
        #expect(escapes == String(repeating: #"\x1B"#, count: 50) + "… (cut from 100 bytes)")
        let wide = UntrustedText.excerpt(String(repeating: "中", count: 100))
        #expect(wide == String(repeating: "中", count: 66) + "… (cut from 300 bytes)")
    }
}
