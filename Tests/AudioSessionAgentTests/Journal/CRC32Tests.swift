import Testing

@testable import AudioSessionAgent

@Suite("CRC-32")
struct CRC32Tests {
    @Test("matches the standard check value")
    func checkValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    }
}
