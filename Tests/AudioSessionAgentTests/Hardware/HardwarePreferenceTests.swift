import AudioSessionBus
import Testing

@testable import AudioSessionAgent

@Suite("Hardware preferences and the PipeWire clock's readings")
struct HardwarePreferenceTests {
    @Test("zero or absent means no preference; values in range are kept")
    func readsPreferences() throws {
        #expect(try HardwarePreference(wire: [:]).isEmpty)
        #expect(try HardwarePreference(wire: ["sample-rate": BusVariant(.uint32(0)), "io-buffer-duration": BusVariant(.double(0))]).isEmpty)
        let preference = try HardwarePreference(
            wire: ["sample-rate": BusVariant(.uint32(44_100)), "io-buffer-duration": BusVariant(.double(0.005))])
        #expect(preference == HardwarePreference(sampleRate: 44_100, ioBufferDuration: 0.005))
    }

    @Test("a value out of range, of the wrong type, not a number, or an unknown key is refused with a named error saying what is accepted")
    func refusesBadValues() {
        let cases: [([String: BusVariant], String, String)] = [
            (["sample-rate": BusVariant(.uint32(400_000))], "org.freedesktop.DBus.Error.InvalidArgs", "8000 to 384000"),
            (["sample-rate": BusVariant(.int32(44_100))], "org.freedesktop.DBus.Error.InvalidArgs", "must be a u"),
            (["io-buffer-duration": BusVariant(.double(.nan))], "org.freedesktop.DBus.Error.InvalidArgs", "0.0005 to 2"),
            (["io-buffer-duration": BusVariant(.double(-1))], "org.freedesktop.DBus.Error.InvalidArgs", "0.0005 to 2"),
            (["io-buffer-duration": BusVariant(.uint32(1))], "org.freedesktop.DBus.Error.InvalidArgs", "must be a d"),
            (["buffer": BusVariant(.double(0.01))], "org.audiosession.Error.UnknownName", "accepted: sample-rate, io-buffer-duration"),
        ]
        for (wire, name, phrase) in cases {
            let error = #expect(throws: BusError.self) { try HardwarePreference(wire: wire) }
            #expect(error?.name.rawValue == name, "\(wire): \(String(describing: error))")
            #expect(error?.message.contains(phrase) == true, "\(wire): \(String(describing: error))")
        }
    }

    @Test("the graph runs at the forced rate and quantum when set, else the defaults; a duration's quantum is kept within min and max")
    func readings() {
        let settings = [
            "clock.rate": "48000", "clock.quantum": "1024", "clock.min-quantum": "32", "clock.max-quantum": "2048",
            "clock.force-rate": "0", "clock.force-quantum": "0",
        ]
        var readings = ClockReadings(settings: settings)
        #expect(readings.rate == 48_000 && readings.quantum == 1024)
        #expect(readings.bufferDuration == 1024.0 / 48_000)
        #expect(readings.quantum(lasting: 0.01, at: 44_100) == 441)
        #expect(readings.quantum(lasting: 0.01, at: nil) == 480)
        #expect(readings.quantum(lasting: 0.0005, at: 8_000) == 32, "4 frames is below clock.min-quantum")
        #expect(readings.quantum(lasting: 2, at: 48_000) == 2048, "96000 frames is above clock.max-quantum")
        readings = ClockReadings(settings: settings.merging(["clock.force-rate": "44100", "clock.force-quantum": "441"]) { $1 })
        #expect(readings.rate == 44_100 && readings.quantum == 441)
    }
}
