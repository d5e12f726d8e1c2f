import AudioFile

// The library's own streams honour the session's preferred channel counts: PCM is mapped from
// one channel count to another, frame by frame. More output channels repeat the input's in turn
// (mono to every channel, stereo to L R L R ...); fewer average the input channels that fall on
// each (stereo to mono is the mean of left and right).
extension PCMFormat {
    /// The same format with `count` channels, or this one when `count` is 0.
    func withChannels(_ count: Int) -> PCMFormat {
        count > 0 ? PCMFormat(encoding: encoding, sampleRate: sampleRate, channels: count) : self
    }

    /// `bytes`, whole frames of this format, as frames of `count` channels; a trailing partial
    /// frame is dropped.
    func remap(_ bytes: [UInt8], toChannels count: Int) -> [UInt8] {
        guard count > 0, count != channels, channels > 0 else { return bytes }
        let frames = bytes.count / bytesPerFrame
        let size = encoding.bytesPerSample
        var output = [UInt8](repeating: 0, count: frames * count * size)
        bytes.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                var sources = [Double](repeating: 0, count: channels)
                for frame in 0..<frames {
                    for channel in 0..<channels {
                        sources[channel] = read(input, at: (frame * channels + channel) * size)
                    }
                    for target in 0..<count {
                        let value: Double
                        if count > channels {
                            value = sources[target % channels]
                        } else {
                            let folded = stride(from: target, to: channels, by: count).map { sources[$0] }
                            value = folded.reduce(0, +) / Double(folded.count)
                        }
                        write(value, to: out, at: (frame * count + target) * size)
                    }
                }
            }
        }
        return output
    }

    private func read(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Double {
        switch encoding {
        case .int16: Double(Int16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int16.self)))
        case .int32: Double(Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)))
        case .float32: Double(Float(bitPattern: UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))))
        }
    }

    private func write(_ value: Double, to bytes: UnsafeMutableRawBufferPointer, at offset: Int) {
        switch encoding {
        case .int16:
            bytes.storeBytes(of: Int16(value.rounded().clamped(Double(Int16.min), Double(Int16.max))).littleEndian, toByteOffset: offset, as: Int16.self)
        case .int32:
            bytes.storeBytes(of: Int32(value.rounded().clamped(Double(Int32.min), Double(Int32.max))).littleEndian, toByteOffset: offset, as: Int32.self)
        case .float32:
            bytes.storeBytes(of: Float(value).bitPattern.littleEndian, toByteOffset: offset, as: UInt32.self)
        }
    }
}

extension Double {
    fileprivate func clamped(_ lower: Double, _ upper: Double) -> Double { Swift.min(Swift.max(self, lower), upper) }
}
