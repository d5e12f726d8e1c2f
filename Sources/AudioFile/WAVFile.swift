/// A RIFF/WAVE file's audio in memory: PCM as 16- or 32-bit integers or 32-bit floats, 1 to 8
/// channels, interleaved little-endian as the file stores it.
///
/// Reading accepts the plain format tags (PCM 1, IEEE float 3) and `WAVE_FORMAT_EXTENSIBLE`
/// with a PCM or float sub-format, and skips chunks it does not know (`LIST`, `fact`, ...).
/// Malformed input is a ``WAVFileError`` that says what was expected where.
///
/// ```swift
/// let file = try WAVFile(contentsOf: "/usr/share/sounds/alsa/Front_Center.wav")
/// print(file.format, file.frameCount)
/// let copy = WAVFile(format: file.format, data: file.data)
/// try copy.write(to: "/tmp/copy.wav")
/// ```
public struct WAVFile: Hashable, Sendable {
    /// The samples' shape.
    public var format: PCMFormat
    /// The interleaved samples, little-endian, whole frames.
    public var data: [UInt8]

    /// Audio of `format` made of `data` (cut to whole frames).
    public init(format: PCMFormat, data: [UInt8]) {
        self.format = format
        let frameSize = max(1, format.bytesPerFrame)
        self.data = data.count % frameSize == 0 ? data : Array(data.prefix(data.count - data.count % frameSize))
    }

    /// Frames in the file.
    public var frameCount: Int { data.count / max(1, format.bytesPerFrame) }

    /// The playing time.
    public var duration: Duration {
        guard format.sampleRate > 0 else { return .zero }
        return .nanoseconds(Int64(frameCount) * 1_000_000_000 / Int64(format.sampleRate))
    }

    /// The largest number of channels read and written.
    public static let maximumChannels = 8

    private static let pcmTag: UInt16 = 1
    private static let floatTag: UInt16 = 3
    private static let extensibleTag: UInt16 = 0xFFFE
    /// The bytes after the tag's two that `KSDATAFORMAT_SUBTYPE_PCM` and `_IEEE_FLOAT` share.
    private static let subFormatSuffix: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71]

    // MARK: Decoding

    /// Parses the bytes of a WAV file.
    ///
    /// - Throws: ``WAVFileError`` with ``WAVFileError/Code/notWAV`` (no RIFF/WAVE header),
    ///   ``WAVFileError/Code/truncated``, ``WAVFileError/Code/malformed`` or
    ///   ``WAVFileError/Code/unsupported`` (say, 24-bit or A-law), each saying what was expected.
    public init(bytes: [UInt8]) throws(WAVFileError) {
        var reader = RIFFReader(bytes)
        let riff = try reader.tag("the RIFF header")
        guard riff == "RIFF" else {
            throw WAVFileError(code: .notWAV, message: "expected \"RIFF\" at byte 0, found \"\(riff)\"")
        }
        let riffSize = try reader.uint32("the RIFF size")
        let wave = try reader.tag("the RIFF form type")
        guard wave == "WAVE" else {
            throw WAVFileError(code: .notWAV, message: "expected form type \"WAVE\" at byte 8, found \"\(wave)\"")
        }
        var format: PCMFormat?
        while reader.remaining > 0 {
            let chunkStart = reader.offset
            let id = try reader.tag("a chunk header")
            let declared = try reader.uint32("the size of chunk \"\(id)\"")
            if id == "data" {
                guard let format else {
                    throw WAVFileError(code: .malformed, message: "expected a \"fmt \" chunk before the \"data\" chunk at byte \(chunkStart)")
                }
                // Streaming writers that never learn the length leave the largest size: take what is there.
                let size = declared == UInt32.max ? reader.remaining - reader.remaining % format.bytesPerFrame : Int(declared)
                let payload = try reader.take(size, "the \"data\" chunk (it declares \(declared) bytes)")
                guard size % format.bytesPerFrame == 0 else {
                    throw WAVFileError(
                        code: .malformed,
                        message: "expected whole \(format.bytesPerFrame)-byte frames in the \"data\" chunk, found \(size) bytes")
                }
                self.format = format
                self.data = Array(payload)
                return
            }
            let payload = try reader.take(Int(declared), "the \"\(id)\" chunk (it declares \(declared) bytes)")
            if id == "fmt " { format = try Self.parseFormat(Array(payload), at: chunkStart) }
            if declared % 2 == 1 { reader.skip(1) }
        }
        let missing = format == nil ? "a \"fmt \" and a \"data\" chunk" : "a \"data\" chunk"
        if bytes.count < 8 + Int(riffSize) {
            throw WAVFileError(
                code: .truncated,
                message: "expected \(8 + Int(riffSize)) bytes as the RIFF header declares, with \(missing), but the file ends after \(bytes.count)")
        }
        throw WAVFileError(code: .malformed, message: "expected \(missing), found none")
    }

    private static func parseFormat(_ payload: [UInt8], at offset: Int) throws(WAVFileError) -> PCMFormat {
        guard payload.count >= 16 else {
            throw WAVFileError(code: .malformed, message: "expected at least 16 bytes in the \"fmt \" chunk at byte \(offset), found \(payload.count)")
        }
        var reader = RIFFReader(payload)
        var tag = try reader.uint16("the format tag")
        let channels = Int(try reader.uint16("the channel count"))
        let rate = try reader.uint32("the sample rate")
        _ = try reader.uint32("the byte rate")
        let blockAlign = Int(try reader.uint16("the block alignment"))
        let bits = Int(try reader.uint16("the bits per sample"))
        if tag == extensibleTag {
            guard payload.count >= 40 else {
                throw WAVFileError(
                    code: .malformed, message: "expected 40 bytes in an extensible \"fmt \" chunk, found \(payload.count)")
            }
            let guid = Array(payload[24..<40])
            guard Array(guid[2...]) == subFormatSuffix else {
                throw WAVFileError(code: .unsupported, message: "expected a PCM or IEEE float sub-format in the extensible \"fmt \" chunk")
            }
            tag = UInt16(guid[0]) | UInt16(guid[1]) << 8
        }
        let encoding: PCMFormat.Encoding
        switch (tag, bits) {
        case (pcmTag, 16): encoding = .int16
        case (pcmTag, 32): encoding = .int32
        case (floatTag, 32): encoding = .float32
        default:
            throw WAVFileError(
                code: .unsupported,
                message: "expected 16- or 32-bit PCM (format tag 1) or 32-bit float (tag 3), found tag \(tag) with \(bits) bits")
        }
        guard (1...maximumChannels).contains(channels) else {
            throw WAVFileError(code: .unsupported, message: "expected 1 to \(maximumChannels) channels, found \(channels)")
        }
        guard rate > 0 else { throw WAVFileError(code: .malformed, message: "expected a sample rate above 0 Hz, found 0") }
        let format = PCMFormat(encoding: encoding, sampleRate: rate, channels: channels)
        guard blockAlign == format.bytesPerFrame else {
            throw WAVFileError(
                code: .malformed,
                message: "expected a block alignment of \(format.bytesPerFrame) bytes for \(format), found \(blockAlign)")
        }
        return format
    }

    // MARK: Encoding

    /// The file's bytes: a RIFF/WAVE header, a `fmt ` chunk (plain PCM or float tag, or
    /// `WAVE_FORMAT_EXTENSIBLE` for more than two channels) and the `data` chunk.
    public var encoded: [UInt8] {
        let extensible = format.channels > 2
        let tag = format.encoding == .float32 ? Self.floatTag : Self.pcmTag
        var writer = RIFFWriter()
        let formatSize: UInt32 = extensible ? 40 : 16
        writer.tag("RIFF")
        writer.uint32(4 + 8 + formatSize + 8 + UInt32(clamping: data.count) + UInt32(data.count % 2))
        writer.tag("WAVE")
        writer.tag("fmt ")
        writer.uint32(formatSize)
        writer.uint16(extensible ? Self.extensibleTag : tag)
        writer.uint16(UInt16(clamping: format.channels))
        writer.uint32(format.sampleRate)
        writer.uint32(format.sampleRate * UInt32(clamping: format.bytesPerFrame))
        writer.uint16(UInt16(clamping: format.bytesPerFrame))
        writer.uint16(UInt16(format.encoding.bytesPerSample * 8))
        if extensible {
            writer.uint16(22)
            writer.uint16(UInt16(format.encoding.bytesPerSample * 8))
            writer.uint32(Self.channelMask(format.channels))
            writer.uint16(tag)
            writer.append(Self.subFormatSuffix)
        }
        writer.tag("data")
        writer.uint32(UInt32(clamping: data.count))
        writer.append(data)
        if data.count % 2 == 1 { writer.append([0]) }
        return writer.bytes
    }

    /// The speaker positions WAV assigns to the first `channels` channels, in order.
    private static func channelMask(_ channels: Int) -> UInt32 {
        switch channels {
        case 3: 0x7
        case 4: 0x33
        case 5: 0x37
        case 6: 0x3F
        case 7: 0x13F
        case 8: 0x63F
        default: 0
        }
    }
}
