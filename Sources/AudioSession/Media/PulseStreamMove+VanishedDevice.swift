import AudioSessionContract
import PulseBackend

extension PulseStreamMove {
    /// Whether the stream moved off a device that went away, as on an unplug, and not off one of
    /// the agent's echo cancellers: the agent replaces a call's canceller when its route changes
    /// and removes it when the call ends, and the streams on it moving on is no route change of
    /// the app's (a VoIP call's far end paused itself when the speaker override ended).
    ///
    /// ```swift
    /// if case .moved(let move) = event, move.leftAVanishedDevice { await pauseForRoute() }
    /// ```
    var leftAVanishedDevice: Bool {
        previousDeviceRemoved && !(previousDeviceName.map(EchoCancellerDeviceName.isCanceller) ?? false)
    }
}
