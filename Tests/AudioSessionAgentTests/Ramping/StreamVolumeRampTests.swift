@testable import AudioSessionAgent
import Testing

/// Which volumes a duck's ramp can leave a stream at, for the next agent's recovery: the user's
/// volume scaled by one factor between the duck's level and 1, in the same proportions.
@Suite("Stream volume: on a duck's ramp or not")
struct StreamVolumeRampTests {
    let base = StreamVolume([52429, 45875])  // 80 % left, 70 % right

    @Test("the duck's level, a level on the way, and the base itself lie on the ramp")
    func onTheRamp() {
        for amplitude in [0.3, 0.31, 0.405, 0.7, 0.99, 1.0] {
            #expect(base.scaled(byAmplitude: amplitude).liesOnRamp(from: base, toAmplitude: 0.3), "amplitude \(amplitude)")
        }
    }

    @Test("below the duck's level, above the base, other proportions or channel counts are the user's")
    func notOnTheRamp() {
        #expect(!base.scaled(byAmplitude: 0.2).liesOnRamp(from: base, toAmplitude: 0.3))
        #expect(!StreamVolume([60000, 52429]).liesOnRamp(from: base, toAmplitude: 0.3))
        #expect(!StreamVolume([40000, 40000]).liesOnRamp(from: base, toAmplitude: 0.3), "the balance changed")
        #expect(!StreamVolume([40000]).liesOnRamp(from: base, toAmplitude: 0.3))
        #expect(StreamVolume([0, 0]).liesOnRamp(from: StreamVolume([0, 0]), toAmplitude: 0.3), "a silent base: only itself")
    }
}
