import Foundation

/// WAV files for tests, written directly (16-bit PCM, stereo, 48 kHz) so their content is exact.
///
/// ```swift
/// let music = try ToneFile.sine(frequency: 440, seconds: 3, amplitude: 0.5, in: pulse.directory)
/// let phone = try ToneFile.silence(seconds: 2, in: pulse.directory)
/// ```
public enum ToneFile {
    /// Writes a sine tone and returns the file's path.
    public static func sine(
        frequency: Double, seconds: Double, amplitude: Double = 0.5, in directory: String, name: String? = nil
    ) throws -> String {
        let rate = 48_000.0
        let count = Int(seconds * rate)
        var samples = [Int16]()
        samples.reserveCapacity(count * 2)
        for index in 0..<count {
            let value = Int16(amplitude * 32767 * sin(2 * Double.pi * frequency * Double(index) / rate))
            samples.append(value)
            samples.append(value)
        }
        return try write(samples, to: "\(directory)/\(name ?? "sine-\(Int(frequency))hz-\(count).wav")")
    }

    /// Writes digital silence and returns the file's path.
    public static func silence(seconds: Double, in directory: String, name: String? = nil) throws -> String {
        let count = Int(seconds * 48_000)
        return try write([Int16](repeating: 0, count: count * 2), to: "\(directory)/\(name ?? "silence-\(count).wav")")
    }

    static func write(_ samples: [Int16], to path: String) throws -> String {
        var data = Data()
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        let payload = UInt32(samples.count * 2)
        data.append(contentsOf: Array("RIFF".utf8)); append(payload + 36)
        data.append(contentsOf: Array("WAVEfmt ".utf8)); append(UInt32(16)); append(UInt16(1)); append(UInt16(2))
        append(UInt32(48_000)); append(UInt32(48_000 * 4)); append(UInt16(4)); append(UInt16(16))
        data.append(contentsOf: Array("data".utf8)); append(payload)
        data.reserveCapacity(data.count + samples.count * 2)
        samples.withUnsafeBytes { raw in
            // WAV is little-endian: on such a host the samples' bytes go in as they are (one copy,
            // not one append per sample, which took seconds for long files in debug builds).
            if UInt16(1).littleEndian == 1 {
                data.append(contentsOf: raw)
            } else {
                for sample in raw.bindMemory(to: Int16.self) { append(sample) }
            }
        }
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }
}
