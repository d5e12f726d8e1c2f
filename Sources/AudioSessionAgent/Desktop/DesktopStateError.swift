/// The desktop's state could not be changed as asked; the message says why.
struct DesktopStateError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
