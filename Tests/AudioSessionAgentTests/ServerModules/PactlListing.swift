import AudioSessionAgent

/// Reads `pactl list modules` and `pactl list sink-inputs` (in the C locale) into plain values,
/// standing in for the libpulse module list the agent will read.
enum PactlListing {
    /// `Module #14` blocks with their `Name:` and `Argument:` lines.
    static func modules(_ text: String) -> [LoadedModule] {
        blocks(text, header: "Module #").compactMap { index, lines in
            guard let name = field("Name", in: lines) else { return nil }
            return LoadedModule(index: index, name: name, argument: field("Argument", in: lines) ?? "")
        }
    }

    /// The `Mute:` state of the sink input whose properties set `media.role` to `role`.
    static func isMuted(role: String, sinkInputs text: String) -> Bool? {
        let stream = blocks(text, header: "Sink Input #").first { _, lines in
            lines.contains { $0.trimmingPrefix(while: \.isWhitespace) == "media.role = \"\(role)\"" }
        }
        return stream.flatMap { field("Mute", in: $0.lines) }.map { $0 == "yes" }
    }

    private static func blocks(_ text: String, header: String) -> [(index: UInt32, lines: [Substring])] {
        var result: [(index: UInt32, lines: [Substring])] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(header), let index = UInt32(line.dropFirst(header.count)) {
                result.append((index, []))
            } else if !result.isEmpty {
                result[result.count - 1].lines.append(line)
            }
        }
        return result
    }

    /// The text after `\tKEY: ` (pactl writes one space after the colon, also before an empty value).
    private static func field(_ key: String, in lines: [Substring]) -> String? {
        let prefix = "\t\(key):"
        guard let line = lines.first(where: { $0.hasPrefix(prefix) }) else { return nil }
        let value = line.dropFirst(prefix.count)
        return String(value.first == " " ? value.dropFirst() : value)
    }
}

extension Substring {
    fileprivate func trimmingPrefix(while predicate: (Character) -> Bool) -> Substring {
        self[(firstIndex { !predicate($0) } ?? endIndex)...]
    }
}
