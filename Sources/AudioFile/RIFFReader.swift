/// Reads little-endian fields from a byte array, failing with a ``WAVFileError/Code/truncated``
/// error that names the field it wanted when the bytes run out.
struct RIFFReader {
    let bytes: [UInt8]
    private(set) var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var remaining: Int { bytes.count - offset }

    mutating func tag(_ what: String) throws(WAVFileError) -> String {
        let raw = try take(4, what)
        return String(decoding: raw.map { (32...126).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }

    mutating func uint16(_ what: String) throws(WAVFileError) -> UInt16 {
        let raw = Array(try take(2, what))
        return UInt16(raw[0]) | UInt16(raw[1]) << 8
    }

    mutating func uint32(_ what: String) throws(WAVFileError) -> UInt32 {
        let raw = Array(try take(4, what))
        return UInt32(raw[0]) | UInt32(raw[1]) << 8 | UInt32(raw[2]) << 16 | UInt32(raw[3]) << 24
    }

    mutating func take(_ count: Int, _ what: String) throws(WAVFileError) -> ArraySlice<UInt8> {
        guard count <= remaining else {
            throw WAVFileError(
                code: .truncated, message: "expected \(count) bytes of \(what) at byte \(offset), but the file ends after \(remaining)")
        }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func skip(_ count: Int) { offset = min(bytes.count, offset + count) }
}

/// Appends little-endian fields to a byte array.
struct RIFFWriter {
    private(set) var bytes: [UInt8] = []

    mutating func tag(_ tag: String) { bytes += Array(tag.utf8.prefix(4)) }
    mutating func uint16(_ value: UInt16) { bytes += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)] }
    mutating func uint32(_ value: UInt32) {
        bytes += [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: value >> $0) }
    }
    mutating func append(_ data: [UInt8]) { bytes += data }
}
