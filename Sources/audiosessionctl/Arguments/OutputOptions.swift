import ArgumentParser

/// How a command prints what it read: a table for people, or JSON for scripts.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print JSON instead of text (monitor: one JSON object per line).")
    var json = false
}
