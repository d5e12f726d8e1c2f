import TOMLReader

/// A TOML value and the file it was read from, so a problem found after merging still names its file.
struct SourcedValue {
    var value: TOMLValue
    var file: String
}
