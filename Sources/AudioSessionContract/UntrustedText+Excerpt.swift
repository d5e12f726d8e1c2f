extension UntrustedText {
    /// How many bytes (UTF-8) of a client's text an error message quotes at most.
    public static let excerptLimit = 200

    /// `text` as an error message quotes it: ``displayable(_:)``, and cut after `limit` bytes (whole
    /// characters) with a marker that says so and how long the text was, so a 1 MiB argument never comes back
    /// as a 1 MiB message.
    ///
    /// ```swift
    /// "no stream \(UntrustedText.excerpt(argument))"
    /// UntrustedText.excerpt("sink-input:7")          // "sink-input:7"
    /// ```
    public static func excerpt(_ text: String, limit: Int = excerptLimit) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            let shown = escaped(scalar)
            guard count + shown.utf8.count <= limit else {
                return result + "… (cut from \(text.utf8.count) bytes)"
            }
            result += shown
            count += shown.utf8.count
        }
        return result
    }
}
