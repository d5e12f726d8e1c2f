import Foundation
import Synchronization

/// Collects what an asynchronous sequence delivers while a test body runs, so the test can wait
/// for an element with a deadline (``waitUntil``) instead of iterating with no end in sight.
final class SequenceLog<Element: Sendable>: Sendable {
    private let elements = Mutex<[Element]>([])

    /// Everything delivered so far.
    var recorded: [Element] { elements.withLock { $0 } }

    /// Runs `body` while a child task appends every element of `sequence` to a log.
    static func collecting<S: AsyncSequence & Sendable, Result: Sendable>(
        _ sequence: S, _ body: (SequenceLog<Element>) async throws -> Result
    ) async throws -> Result where S.Element == Element, S.Failure == Never {
        let log = SequenceLog<Element>()
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await element in sequence { log.elements.withLock { $0.append(element) } }
            }
            defer { group.cancelAll() }
            return try await body(log)
        }
    }
}

/// PCM for stream tests, computed exactly.
enum TonePCM {
    /// A sine of `frequency` in s16le, `channels` channels at 48 kHz.
    static func sine(frequency: Double, seconds: Double, amplitude: Double = 0.5, channels: Int = 2) -> [UInt8] {
        let frames = Int(seconds * 48_000)
        var bytes = [UInt8]()
        bytes.reserveCapacity(frames * channels * 2)
        for frame in 0..<frames {
            let value = Int16(amplitude * 32767 * sin(2 * Double.pi * frequency * Double(frame) / 48_000))
            for _ in 0..<channels {
                bytes.append(UInt8(truncatingIfNeeded: value))
                bytes.append(UInt8(truncatingIfNeeded: value >> 8))
            }
        }
        return bytes
    }

    /// The RMS level (0...1) of s16le `bytes`.
    static func rms(_ bytes: [UInt8]) -> Double {
        let count = bytes.count / 2
        guard count > 0 else { return 0 }
        var sum = 0.0
        for index in 0..<count {
            let sample = Double(Int16(bitPattern: UInt16(bytes[2 * index]) | UInt16(bytes[2 * index + 1]) << 8))
            sum += sample * sample
        }
        return (sum / Double(count)).squareRoot() / 32768
    }
}
