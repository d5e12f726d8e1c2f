/// Which echo canceller a sound server runs for a call: the policy's
/// `[voice-processing] canceller`.
///
/// Both are PulseAudio's `module-echo-cancel` methods (`aec_method=speex|webrtc`). PipeWire
/// 0.3.65 ships only the WebRTC canceller and pipewire-pulse ignores `aec_method`, so there a
/// speex choice runs as WebRTC (see docs/voice-processing.md).
///
/// ```swift
/// EchoCancellerKind(rawValue: "speex")  // .speex
/// EchoCancellerKind.webrtc.rawValue     // "webrtc"
/// ```
public enum EchoCancellerKind: String, CaseIterable, Hashable, Sendable {
    /// Speex's acoustic echo canceller: light; gain control and denoising from its preprocessor.
    case speex
    /// The WebRTC audio processing module: echo cancellation with optional gain control and
    /// noise suppression.
    case webrtc
}
