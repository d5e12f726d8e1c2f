/// An `audiosessionctl app` request the tool refuses; the message says what was wrong and what is expected.
struct UserAppEntryError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
