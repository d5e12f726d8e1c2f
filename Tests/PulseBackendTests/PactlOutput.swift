import AudioSessionTesting
import Foundation

/// Reads what a user sees in `pactl list` output.
enum PactlOutput {
    /// The block of `pactl list sink-inputs` for sink input `index`.
    static func sinkInput(_ index: UInt32, in pulse: PrivatePulseAudio) async throws -> String? {
        let text = try await pulse.pactl("list", "sink-inputs")
        return text.components(separatedBy: "\n\n").first { $0.hasPrefix("Sink Input #\(index)\n") }
    }

    /// The value after `label:` on the first line of `block` that has it (`Mute`, `Sink`, `Volume`).
    static func field(_ label: String, in block: String) -> String? {
        for line in block.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix(label + ":") {
                return String(trimmed.dropFirst(label.count + 1)).trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// The percentages in a `Volume:` value (`front-left: 19661 /  30% / -31.37 dB, ...`).
    static func percentages(in volume: String) -> [Int] {
        volume.split(separator: "/").compactMap { part in
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            return trimmed.hasSuffix("%") ? Int(trimmed.dropLast()) : nil
        }
    }
}
