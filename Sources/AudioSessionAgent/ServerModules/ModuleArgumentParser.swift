/// The state machine behind ``ModuleArguments``, following PulseAudio's `modargs.c` state by state.
struct ModuleArgumentParser {
    private enum State {
        case between
        case key
        case valueStart
        case plain
        case quoted(Character)
    }

    private let text: String
    private var state = State.between
    private var key = ""
    private var keyPosition = 0
    private var value = ""
    private var escaped = false
    private var quotePosition = 0
    private var backslashPosition = 0
    private var pairs: [(key: String, value: String)] = []

    init(_ text: String) {
        self.text = text
    }

    mutating func parse() throws(ModuleArgumentError) -> [(key: String, value: String)] {
        for (offset, character) in text.enumerated() {
            try consume(character, at: offset + 1)
        }
        if escaped { throw ModuleArgumentError(.danglingBackslash, in: text, at: backslashPosition) }
        switch state {
        case .between: break
        case .key: throw ModuleArgumentError(.keyWithoutValue(key), in: text, at: keyPosition)
        case .valueStart, .plain: try finishPair()
        case .quoted(let quote): throw ModuleArgumentError(.unclosedQuote(quote), in: text, at: quotePosition)
        }
        return pairs
    }

    private mutating func consume(_ character: Character, at position: Int) throws(ModuleArgumentError) {
        if escaped {
            value.append(character)
            escaped = false
            return
        }
        switch state {
        case .between:
            if character == "=" { throw ModuleArgumentError(.equalsWithoutKey, in: text, at: position) }
            guard !character.isWhitespace else { return }
            (key, keyPosition, state) = (String(character), position, .key)
        case .key:
            if character == "=" {
                guard !key.contains(where: \.isWhitespace) else {
                    throw ModuleArgumentError(.whitespaceInKey(key), in: text, at: keyPosition)
                }
                (value, state) = ("", .valueStart)
            } else {
                key.append(character)
            }
        case .valueStart:
            if character == "'" || character == "\"" {
                (quotePosition, state) = (position, .quoted(character))
            } else if character.isWhitespace {
                try finishPair()
            } else {
                state = .plain
                try consume(character, at: position)
            }
        case .plain:
            if character.isWhitespace {
                try finishPair()
            } else if character == "\\" {
                (escaped, backslashPosition) = (true, position)
            } else {
                value.append(character)
            }
        case .quoted(let quote):
            if character == quote {
                try finishPair()
            } else if character == "\\" {
                (escaped, backslashPosition) = (true, position)
            } else {
                value.append(character)
            }
        }
    }

    private mutating func finishPair() throws(ModuleArgumentError) {
        if pairs.contains(where: { $0.key == key }) {
            throw ModuleArgumentError(.duplicateKey(key), in: text, at: keyPosition)
        }
        pairs.append((key, value))
        state = .between
    }
}
