/// A module argument string that does not follow PulseAudio's `key=value` rules.
///
/// A server never loads a module with such an argument, so this error means the string came
/// from somewhere else (a damaged journal, a hand-written command); the message says where it
/// went wrong.
///
/// ```swift
/// do { _ = try ModuleArguments(parsing: "a='open") } catch { print(error) }
/// // module argument "a='open": the single quote at character 3 is never closed
/// ```
public struct ModuleArgumentError: Error, Hashable, Sendable, CustomStringConvertible {
    enum Code: Hashable, Sendable {
        case equalsWithoutKey
        case keyWithoutValue(String)
        case whitespaceInKey(String)
        case unclosedQuote(Character)
        case danglingBackslash
        case duplicateKey(String)
    }

    let code: Code
    /// The argument string that was refused.
    public let argument: String
    /// Where the problem is, counted in characters from 1.
    public let position: Int

    init(_ code: Code, in argument: String, at position: Int) {
        self.code = code
        self.argument = argument
        self.position = position
    }

    /// What is wrong and where, with the argument quoted.
    public var description: String {
        let problem: String
        switch code {
        case .equalsWithoutKey: problem = "'=' at character \(position) has no key before it"
        case .keyWithoutValue(let key): problem = "key \"\(key)\" at character \(position) has no '=' and value"
        case .whitespaceInKey(let key):
            problem =
                "key \"\(key)\" at character \(position) contains whitespace; expected key=value pairs separated by spaces"
        case .unclosedQuote(let quote):
            problem = "the \(quote == "'" ? "single" : "double") quote at character \(position) is never closed"
        case .danglingBackslash: problem = "the backslash at character \(position) escapes nothing"
        case .duplicateKey(let key): problem = "key \"\(key)\" at character \(position) is given twice"
        }
        return "module argument \"\(argument)\": \(problem)"
    }
}
