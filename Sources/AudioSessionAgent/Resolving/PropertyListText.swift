/// Reads properties from the text forms apps and launchers pass in the environment:
/// `PULSE_PROP` (`key=value key2='quoted value'`, libpulse's proplist syntax) and
/// `PIPEWIRE_PROPS` (`{ key = value, key2 = "quoted" }`, PipeWire's relaxed JSON).
///
/// Tolerant: what it cannot read it skips, since the text comes from any process.
enum PropertyListText {
    static func properties(from text: String) -> [String: String] {
        var properties: [String: String] = [:]
        var characters = Substring(text)
        while true {
            characters = characters.drop { isSeparator($0) }
            guard !characters.isEmpty else { return properties }
            let key = characters.prefix { !isSeparator($0) && $0 != "=" && $0 != ":" }
            characters = characters.dropFirst(key.count).drop { $0 == " " || $0 == "\t" }
            guard let assignment = characters.first, assignment == "=" || assignment == ":" else {
                continue  // a bare word: not a property
            }
            characters = characters.dropFirst().drop { $0 == " " || $0 == "\t" }
            let value: Substring
            if let quote = characters.first, quote == "\"" || quote == "'" {
                var inner = ""
                var index = characters.index(after: characters.startIndex)
                while index < characters.endIndex, characters[index] != quote {
                    if characters[index] == "\\", characters.index(after: index) < characters.endIndex {
                        index = characters.index(after: index)
                    }
                    inner.append(characters[index])
                    index = characters.index(after: index)
                }
                value = Substring(inner)
                characters =
                    index < characters.endIndex ? characters[characters.index(after: index)...] : characters[index...]
            } else {
                value = characters.prefix { !isSeparator($0) }
                characters = characters.dropFirst(value.count)
            }
            if !key.isEmpty { properties[String(key)] = String(value) }
        }
    }

    private static func isSeparator(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\n" || character == "," || character == "{"
            || character == "}"
    }
}
