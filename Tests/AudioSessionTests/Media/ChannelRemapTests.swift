import AudioFile
import Testing

@testable import AudioSession

/// The channel mapping the library's streams use for the preferred channel counts: more channels
/// repeat the input's in turn, fewer average those that fall on each, in every encoding.
@Suite struct ChannelRemapTests {
    static func int16(_ samples: [Int16]) -> [UInt8] {
        samples.flatMap { withUnsafeBytes(of: $0.littleEndian, Array.init) }
    }

    @Test func monoIsCopiedToEveryChannel() {
        let mono = PCMFormat(encoding: .int16, sampleRate: 48_000, channels: 1)
        #expect(mono.remap(Self.int16([100, -200]), toChannels: 2) == Self.int16([100, 100, -200, -200]))
        #expect(mono.remap(Self.int16([7]), toChannels: 3) == Self.int16([7, 7, 7]))
    }

    @Test func fewerChannelsAverageTheOnesThatFallOnEach() {
        let stereo = PCMFormat(encoding: .int16, sampleRate: 48_000, channels: 2)
        #expect(stereo.remap(Self.int16([100, 300, -100, -300]), toChannels: 1) == Self.int16([200, -200]))
        let quad = PCMFormat(encoding: .int16, sampleRate: 48_000, channels: 4)
        #expect(quad.remap(Self.int16([10, 20, 30, 40]), toChannels: 2) == Self.int16([20, 30]))
    }

    @Test func floatsAndThirtyTwoBitIntegersKeepTheirEncoding() {
        let float = PCMFormat(encoding: .float32, sampleRate: 48_000, channels: 2)
        let bytes = [Float(0.5), Float(-0.25)].flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian, Array.init) }
        let mono = float.remap(bytes, toChannels: 1)
        #expect(mono == withUnsafeBytes(of: Float(0.125).bitPattern.littleEndian, Array.init))
        let int32 = PCMFormat(encoding: .int32, sampleRate: 48_000, channels: 1)
        let loud = withUnsafeBytes(of: Int32.max.littleEndian, Array.init)
        #expect(int32.remap(loud, toChannels: 2) == loud + loud)
    }

    @Test func theSameCountOrNoneLeavesTheBytesAlone() {
        let stereo = PCMFormat(encoding: .int16, sampleRate: 48_000, channels: 2)
        let bytes = Self.int16([1, 2, 3, 4])
        #expect(stereo.remap(bytes, toChannels: 2) == bytes)
        #expect(stereo.remap(bytes, toChannels: 0) == bytes)
        #expect(stereo.withChannels(0) == stereo)
        #expect(stereo.withChannels(1).channels == 1)
    }
}
