import AudioFile
import Foundation
import PropertyBased
import Testing

/// WAV round trips over random formats and contents, and what malformed files are told.
@Suite("WAV files")
struct WAVFileTests {
    /// Random seeds: a format is picked from the first, the contents from the rest.
    static let seeds = Gen.int(in: 0...Int(Int32.max)).array(of: 1...64)

    static func file(from seeds: [Int]) -> WAVFile {
        let encodings = PCMFormat.Encoding.allCases
        let rates: [UInt32] = [8_000, 22_050, 44_100, 48_000, 96_000]
        let first = seeds[0]
        let format = PCMFormat(
            encoding: encodings[first % encodings.count], sampleRate: rates[(first / 3) % rates.count],
            channels: 1 + (first / 17) % WAVFile.maximumChannels)
        let frames = seeds.count > 1 ? seeds[1] % 97 : 0
        let data = (0..<frames * format.bytesPerFrame).map { UInt8(truncatingIfNeeded: seeds[$0 % seeds.count] &* ($0 + 1)) }
        return WAVFile(format: format, data: data)
    }

    static func error(reading bytes: [UInt8]) -> WAVFileError? {
        do throws(WAVFileError) {
            _ = try WAVFile(bytes: bytes)
        } catch {
            return error
        }
        return nil
    }

    @Test("encoding then reading gives back the same format and samples")
    func roundTrip() async {
        await propertyCheck(count: 300, input: Self.seeds) { seeds in
            let file = Self.file(from: seeds)
            let read = try? WAVFile(bytes: file.encoded)
            #expect(read == file, "\(file.format), \(file.frameCount) frames")
        }
    }

    @Test("every file cut short is refused as truncated, saying what it expected")
    func truncated() async {
        await propertyCheck(count: 200, input: Self.seeds) { seeds in
            let bytes = Self.file(from: seeds).encoded
            let cut = seeds.last.map { $0 % bytes.count } ?? 0
            #expect {
                _ = try WAVFile(bytes: Array(bytes.prefix(cut)))
            } throws: { error in
                guard let error = error as? WAVFileError else { return false }
                return (error.code == .truncated || (cut < 12 && error.code == .notWAV)) && error.message.contains("expected")
            }
        }
    }

    @Test("bytes that are not RIFF/WAVE are refused as not a WAV file")
    func garbage() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...255).array(of: 12...200)) { values in
            var bytes = values.map { UInt8($0) }
            if bytes.prefix(4) == Array("RIFF".utf8)[...] { bytes[0] = 0 }
            #expect(Self.error(reading: bytes)?.code == .notWAV)
        }
    }

    @Test("malformed and unsupported headers say what was expected")
    func messages() throws {
        let good = WAVFile(format: PCMFormat(encoding: .int16, sampleRate: 48_000, channels: 2), data: [1, 2, 3, 4]).encoded
        let error = Self.error(reading:)
        var notWave = good
        notWave.replaceSubrange(8..<12, with: Array("AVI ".utf8))
        #expect(error(notWave)?.description == "not a WAV file: expected form type \"WAVE\" at byte 8, found \"AVI \"")

        var twentyFour = good
        twentyFour[34] = 24
        #expect(error(twentyFour)?.code == .unsupported)
        #expect(error(twentyFour)?.message.contains("found tag 1 with 24 bits") == true)

        var nineChannels = good
        nineChannels[22] = 9
        #expect(error(nineChannels)?.message == "expected 1 to 8 channels, found 9")

        var badAlign = good
        badAlign[32] = 3
        #expect(error(badAlign)?.code == .malformed)

        let dataFirst = Array(good.prefix(12)) + Array(good.suffix(12))
        #expect(error(dataFirst)?.message.contains("expected a \"fmt \" chunk before the \"data\" chunk") == true)

        var halfFrame = good
        halfFrame[40] = 3
        #expect(error(halfFrame)?.message.contains("expected whole 4-byte frames") == true)
    }

    @Test("unknown chunks are skipped, extensible float files are read, and files survive a trip to disk")
    func chunksAndFiles() throws {
        let surround = WAVFile(format: PCMFormat(encoding: .float32, sampleRate: 48_000, channels: 6), data: Array(repeating: 7, count: 48))
        var bytes = surround.encoded
        #expect(bytes[20] == 0xFE && bytes[21] == 0xFF, "more than two channels are written as WAVE_FORMAT_EXTENSIBLE")
        // A LIST chunk of odd size (padded) before the data.
        let list = Array("LIST".utf8) + [3, 0, 0, 0] + [1, 2, 3, 0]
        bytes.insert(contentsOf: list, at: 12 + 8 + 40)
        #expect(try WAVFile(bytes: bytes) == surround)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wav-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("surround.wav").path
        try surround.write(to: path)
        #expect(try WAVFile(contentsOf: path) == surround)
        #expect(throws: WAVFileError.self) { try WAVFile(contentsOf: directory.appendingPathComponent("missing.wav").path) }
    }
}
