import TOMLReader

/// A scenario file that does not follow the format in `Scenarios/README.md`.
struct ScenarioFormatError: Error, CustomStringConvertible {
    var file: String
    var line: Int?
    var message: String

    var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): \(message)"
    }
}
