import SoundServer

extension SoundDevice {
    /// The device as a session's route port, with its channels from the channel map, or `nil` for
    /// a monitor source, which is not a device a user picks.
    var sessionPort: AudioSession.PortDescription? {
        guard !isMonitor else { return nil }
        return AudioSession.PortDescription(
            portName: description, portType: AudioSession.Port(portType), uid: portUID, positions: channelMap.positions.map(\.rawValue))
    }
}
