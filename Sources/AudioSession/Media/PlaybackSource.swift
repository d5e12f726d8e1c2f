import AudioFile
import PulseBackend
import Synchronization

/// The player's PCM as the stream pulls it: position, loops and gain behind one lock, read on the
/// connection's loop thread and set from the app's.
final class PlaybackSource: PlayerSource {
    private struct State {
        var offset = 0
        var loopsLeft = 0
        var numberOfLoops = 0
        var gain: Float = 1
    }

    let file: WAVFile
    private let state = Mutex(State())

    let spec: PulseSampleSpec

    init(file: WAVFile) {
        self.file = file
        spec = file.format.pulseSpec
    }

    var frameSize: Int { file.format.bytesPerFrame }

    var framePosition: Int {
        get { state.withLock { $0.offset / frameSize } }
        set { state.withLock { $0.offset = min(max(0, newValue), file.frameCount) * frameSize } }
    }

    /// Extra passes after the first; negative loops until stopped. Setting it restarts the count.
    var numberOfLoops: Int {
        get { state.withLock { $0.numberOfLoops } }
        set { state.withLock { $0.numberOfLoops = newValue; $0.loopsLeft = newValue } }
    }

    var gain: Float {
        get { state.withLock { $0.gain } }
        set { state.withLock { $0.gain = min(max(newValue, 0), 1) } }
    }

    /// Back to the start, with every loop still to come.
    func rewind() { state.withLock { $0.offset = 0; $0.loopsLeft = $0.numberOfLoops } }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let wanted = buffer.count - buffer.count % frameSize
        let data = file.data
        guard wanted > 0, !data.isEmpty, let target = buffer.baseAddress else { return 0 }
        return state.withLock { state in
            var written = 0
            while written < wanted {
                if state.offset >= data.count {
                    guard state.loopsLeft != 0 else { break }
                    if state.loopsLeft > 0 { state.loopsLeft -= 1 }
                    state.offset = 0
                }
                let count = min(wanted - written, data.count - state.offset)
                data.withUnsafeBytes { all in
                    if let from = all.baseAddress { (target + written).copyMemory(from: from + state.offset, byteCount: count) }
                }
                state.offset += count
                written += count
            }
            if state.gain < 1 { Self.scale(UnsafeMutableRawBufferPointer(start: target, count: written), by: state.gain, file.format.encoding) }
            return written
        }
    }

    /// Scales little-endian samples in place (the player's volume, which leaves the stream's
    /// server-side volume to the user and the policy agent).
    private static func scale(_ bytes: UnsafeMutableRawBufferPointer, by gain: Float, _ encoding: PCMFormat.Encoding) {
        switch encoding {
        case .int16:
            for index in stride(from: 0, to: bytes.count - 1, by: 2) {
                let sample = Int16(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: Int16.self))
                bytes.storeBytes(of: Int16(Float(sample) * gain).littleEndian, toByteOffset: index, as: Int16.self)
            }
        case .int32:
            for index in stride(from: 0, to: bytes.count - 3, by: 4) {
                let sample = Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: Int32.self))
                bytes.storeBytes(of: Int32(Double(sample) * Double(gain)).littleEndian, toByteOffset: index, as: Int32.self)
            }
        case .float32:
            for index in stride(from: 0, to: bytes.count - 3, by: 4) {
                let bits = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self))
                let scaled = Float(bitPattern: bits) * gain
                bytes.storeBytes(of: scaled.bitPattern.littleEndian, toByteOffset: index, as: UInt32.self)
            }
        }
    }
}
