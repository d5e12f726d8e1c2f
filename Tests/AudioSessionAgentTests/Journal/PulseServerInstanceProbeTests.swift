import Foundation
import Testing

@testable import AudioSessionAgent

/// The pulse backend's journal check never asks a native PipeWire socket: PipeWire accepts a
/// libpulse connection there and never answers, which held the agent's start for 30 s.
@Suite("Journal check of the pulse backend")
struct PulseServerInstanceProbeTests {
    @Test("a native PipeWire agent's socket is left to that backend, unasked")
    func pipeWireSocketIsNotAsked() async {
        // Nothing listens there: asked, the probe would call the journal's server gone.
        let socket = NSTemporaryDirectory() + "audiosession-no-server-\(UInt32.random(in: 0...UInt32.max))/pipewire-0"
        guard case .unknown(let why) = await PulseServerInstanceProbe().verdict(on: socket, for: "pipewire-0-1234") else {
            Issue.record("a PipeWire socket was judged by the pulse probe")
            return
        }
        #expect(why.contains("PipeWire socket"))
    }

    @Test("pulse server strings are asked: nothing listening there means the journal's server is gone")
    func pulseAddressIsAsked() async {
        let socket = "unix:" + NSTemporaryDirectory() + "audiosession-no-server-\(UInt32.random(in: 0...UInt32.max))/native"
        guard case .gone = await PulseServerInstanceProbe().verdict(on: socket, for: "pulseaudio-vm-1") else {
            Issue.record("an address where nothing listens was not judged gone")
            return
        }
        #expect(PulseServerInstanceProbe.isPipeWireSocket("/run/user/1000/pipewire-0"))
        #expect(!PulseServerInstanceProbe.isPipeWireSocket("/run/user/1000/pulse/native"))
        #expect(!PulseServerInstanceProbe.isPipeWireSocket("unix:/run/user/1000/pulse/native"))
    }
}
