public import AudioFile

#if canImport(Glibc)
import Glibc
#endif

/// Generated audio for the examples that need a sound and no file: a soundtrack, a chime, a
/// far-end voice.
///
/// ```swift
/// let (pcm, format) = SineTone.pcm(frequency: 440, seconds: 1)
/// let player = try AudioPlayer(pcm: pcm, format: format, session: session)
/// ```
public enum SineTone {
    /// One or more sines after each other (each `seconds` long), 16-bit stereo at 48 kHz.
    public static func pcm(frequencies: [Double], seconds: Double, amplitude: Double = 0.4) -> ([UInt8], PCMFormat) {
        let format = PCMFormat(encoding: .int16, sampleRate: 48_000, channels: 2)
        let frames = Int(seconds * 48_000)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(frames * frequencies.count * format.bytesPerFrame)
        for frequency in frequencies {
            for frame in 0..<frames {
                let value = Int16(amplitude * 32767 * sin(2 * Double.pi * frequency * Double(frame) / 48_000))
                let low = UInt8(truncatingIfNeeded: value)
                let high = UInt8(truncatingIfNeeded: value >> 8)
                bytes += [low, high, low, high]
            }
        }
        return (bytes, format)
    }

    /// A single sine.
    public static func pcm(frequency: Double, seconds: Double, amplitude: Double = 0.4) -> ([UInt8], PCMFormat) {
        pcm(frequencies: [frequency], seconds: seconds, amplitude: amplitude)
    }
}
