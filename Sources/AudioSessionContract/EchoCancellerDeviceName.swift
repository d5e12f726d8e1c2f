/// The names of the devices the agent's echo cancellers create (a sink and a source, or their
/// PipeWire nodes), shared by the agent, which names them, and the library, which tells a move
/// off one from a route change the user would notice.
///
/// The agent replaces a canceller when a call's route changes and unloads it when the call ends:
/// the streams on it then move off a device that went away, which for any other device is how the
/// server tells an app its headset was unplugged.
///
/// ```swift
/// EchoCancellerDeviceName.isCanceller("audiosession.echo-cancel.4711.3.sink")   // true
/// EchoCancellerDeviceName.isCanceller("alsa_output.usb-headset")                // false
/// ```
public enum EchoCancellerDeviceName {
    /// What the name of every device of the agent's cancellers starts with.
    public static let prefix = "audiosession.echo-cancel."

    /// Whether `name` names a device of one of the agent's cancellers.
    public static func isCanceller(_ name: String) -> Bool { name.hasPrefix(prefix) }
}
