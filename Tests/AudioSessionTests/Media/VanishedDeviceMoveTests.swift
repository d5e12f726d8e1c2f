@testable import AudioSession
import PulseBackend
import Testing

/// Which moves off a removed device pause a player or recorder: an unplug's, not the agent's own
/// echo canceller going away under a call (the VoIP example's far end paused itself, 3 runs in 8,
/// when the speaker override ended and the agent replaced the canceller).
@Suite struct VanishedDeviceMoveTests {
    @Test func aMoveOffAnUnpluggedHeadsetIsARouteLoss() {
        let move = PulseStreamMove(
            deviceIndex: 1, deviceName: "speaker", previousDeviceIndex: 7, previousDeviceName: "headphones",
            previousDeviceRemoved: true)
        #expect(move.leftAVanishedDevice)
    }

    @Test func aMoveOffTheAgentsCancellerIsNot() {
        let move = PulseStreamMove(
            deviceIndex: 1, deviceName: "speaker", previousDeviceIndex: 9,
            previousDeviceName: "audiosession.echo-cancel.4711.2.sink", previousDeviceRemoved: true)
        #expect(!move.leftAVanishedDevice)
    }

    @Test func aMoveOffADeviceThatStaysIsNot() {
        let move = PulseStreamMove(
            deviceIndex: 1, deviceName: "speaker", previousDeviceIndex: 7, previousDeviceName: "headphones",
            previousDeviceRemoved: false)
        #expect(!move.leftAVanishedDevice)
    }

    @Test func aMoveOffAnUnnamedRemovedDeviceIsARouteLoss() {
        let move = PulseStreamMove(deviceIndex: 1, deviceName: "speaker", previousDeviceIndex: 7, previousDeviceRemoved: true)
        #expect(move.leftAVanishedDevice)
    }
}
