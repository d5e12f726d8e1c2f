/// A process whose playback counts as a call because it captures from a microphone
/// (``AppRule/callWhileCapturing``), or did until a moment ago.
struct CapturingProcess: Hashable, Sendable {
    /// Its microphone captures now open.
    var microphones: Set<StreamID> = []
    /// When its last microphone capture closed (``PolicyState/now``), while the policy's
    /// `capture-call-hold-ms` keeps the call going; `nil` while a capture is open.
    var heldSince: Int?
}
