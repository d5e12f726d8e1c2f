public import ArgumentParser
public import AudioSessionModel

// Categories, modes and options are spelled on the command line exactly as on the bus and in
// policy files. ArgumentParser lists `allValueStrings` when a name is unknown, so
// `--category loud` is answered with every accepted category (exit 64).

extension Category: ExpressibleByArgument {
    public init?(argument: String) { self.init(kebabName: argument) }
    public static var allValueStrings: [String] { acceptedNames }
}

extension Mode: ExpressibleByArgument {
    public init?(argument: String) { self.init(kebabName: argument) }
    public static var allValueStrings: [String] { acceptedNames }
}

extension CategoryOption: ExpressibleByArgument {
    public init?(argument: String) { self.init(kebabName: argument) }
    public static var allValueStrings: [String] { acceptedNames }
}

extension SessionPreference: ExpressibleByArgument {
    public init?(argument: String) { self.init(kebabName: argument) }
    public static var allValueStrings: [String] { acceptedNames }
}
