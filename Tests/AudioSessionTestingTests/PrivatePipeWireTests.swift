import AudioSessionTesting
import Foundation
import Testing

@Suite("Private PipeWire", .serialized)
struct PrivatePipeWireTests {
    @Test("PipeWire, WirePlumber and pipewire-pulse run with speaker and mic as configured defaults")
    func startsWithDefaults() async throws {
        let pipewire = try await PrivatePipeWire.start()
        let directory = pipewire.directory
        defer { pipewire.stop() }
        #expect(try await pipewire.pactl("info").contains("on PipeWire"))
        #expect(try await pipewire.pactl("get-default-sink").trimmed == "speaker")
        let objects = try PipeWireObjects.parse(try await pipewire.pwDump())
        let speaker = PipeWireObjects.nodes(in: objects).first { $0.properties["node.name"] == "speaker" }
        #expect(speaker?.properties["media.class"] == "Audio/Sink")
        let defaults = objects.first { $0.properties["metadata.name"] == "default" }
        #expect(defaults?.metadata.contains { $0.key == "default.configured.audio.sink" && $0.value.contains("speaker") } == true)
        let pids = try String(contentsOfFile: directory + "/pids", encoding: .utf8).split(separator: "\n").compactMap { Int32($0) }
        #expect(pids.count == 3)
        pipewire.stop()
        #expect(!FileManager.default.fileExists(atPath: directory))
        for pid in pids { #expect(!ProcessStatus.isRunning(pid), "process \(pid) still runs") }
    }

    @Test("a device plugged through pipewire-pulse is a node with the device's properties")
    func plugThroughPipeWirePulse() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        let headset = try await pipewire.plug(.usbHeadset)
        try await waitUntil("the headset node appears") {
            PipeWireObjects.nodes(in: try PipeWireObjects.parse(try await pipewire.pwDump()))
                .contains { $0.properties["node.name"] == "usb_headset" && $0.properties["device.bus"] == "usb" }
        }
        try await pipewire.unplug(headset)
        try await waitUntil("the headset node is gone") {
            !PipeWireObjects.nodes(in: try PipeWireObjects.parse(try await pipewire.pwDump()))
                .contains { $0.properties["node.name"] == "usb_headset" }
        }
        #expect(try await pipewire.pactl("get-default-sink").trimmed == "speaker")
    }

    @Test("the monitor meter hears a tone on PipeWire's speaker")
    func monitorMeter() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        let tone = try ToneFile.sine(frequency: 440, seconds: 5, amplitude: 0.5, in: pipewire.directory)
        let player = try pipewire.spawn("pw-play", [tone])
        defer { player.kill() }
        try await waitUntil("the tone is heard", timeout: .seconds(5)) {
            try await MonitorMeter.rms(of: "speaker.monitor", for: .milliseconds(200), in: pipewire) > 0.1
        }
    }
}
