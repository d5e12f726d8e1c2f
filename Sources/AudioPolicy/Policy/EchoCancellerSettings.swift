/// How an echo canceller runs: which one, and the processing it adds around the cancellation.
///
/// Sessions on the same devices with equal settings share one canceller.
///
/// ```swift
/// let settings = EchoCancellerSettings(kind: .webrtc, gainControl: false, noiseSuppression: true)
/// ```
public struct EchoCancellerSettings: Hashable, Sendable {
    /// The canceller.
    public var kind: EchoCancellerKind
    /// Automatic gain control on the microphone (WebRTC's analog AGC turns the device's volume).
    public var gainControl: Bool
    /// Noise suppression on the microphone (WebRTC's, or speex's preprocessor denoiser).
    public var noiseSuppression: Bool

    /// Creates settings; the defaults are the shipped policy's.
    public init(kind: EchoCancellerKind = .webrtc, gainControl: Bool = false, noiseSuppression: Bool = true) {
        self.kind = kind
        self.gainControl = gainControl
        self.noiseSuppression = noiseSuppression
    }
}
