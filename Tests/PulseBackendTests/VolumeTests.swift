import SoundServer
import Testing

/// The volume scale: cubic like PulseAudio's software volume, with exact conversions.
@Suite("Volume scale")
struct VolumeTests {
    @Test("the level is the cubic scale: 50 % is an amplitude factor of 0.125", arguments: [
        (percent: 100.0, linear: 1.0), (percent: 50, linear: 0.125), (percent: 0, linear: 0), (percent: 150, linear: 3.375),
    ])
    func cubicScale(percent: Double, linear: Double) {
        #expect(abs(Volume(percent: percent).linearFactor - linear) < 1e-12)
        #expect(abs(Volume(linearFactor: linear).percent - percent) < 1e-9)
    }

    @Test("negative levels and factors clamp to silence")
    func clamping() {
        #expect(Volume(level: -1) == .muted)
        #expect(Volume(linearFactor: -0.5) == .muted)
    }

    @Test("channel volumes: loudest, average, scaled")
    func channelVolumes() {
        let volumes = ChannelVolumes([Volume(percent: 80), Volume(percent: 40)])
        #expect(volumes.maximum == Volume(percent: 80))
        #expect(abs(volumes.average.percent - 60) < 1e-9)
        #expect(volumes.scaled(by: 0.5) == ChannelVolumes([Volume(percent: 40), Volume(percent: 20)]))
        #expect(ChannelVolumes([]).maximum == .muted)
        #expect(volumes.description == "80 % / 40 %")
    }
}
