/// A client run as the unprivileged user `nobody`, for clients that refuse to run as root (cvlc:
/// "VLC is not supposed to be run as root").
///
/// It keeps one capability, `CAP_DAC_OVERRIDE` (as an ambient capability, so it survives the
/// exec), to reach the test's private server and bus, whose directories only root may enter.
/// The bus must admit other users (``PrivateDBus/start(admittingOtherUsers:)``). The command
/// execs the client, so the process's PID is the client's.
///
/// ```swift
/// let vlc = UnprivilegedCommand("cvlc", ["--no-video", "tone.wav"])
/// let player = try server.spawn(vlc.tool, vlc.arguments)
/// ```
public struct UnprivilegedCommand: Sendable {
    /// `nobody`'s user and group id on Debian.
    public static let nobody = 65534

    /// What to spawn: `setpriv`.
    public let tool = "setpriv"
    /// `setpriv`'s arguments, then the client and its arguments.
    public let arguments: [String]

    public init(_ client: String, _ clientArguments: [String] = []) {
        arguments =
            [
                "--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups", "--inh-caps=+dac_override",
                "--ambient-caps=+dac_override", client,
            ] + clientArguments
    }
}
