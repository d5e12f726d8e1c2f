// A browser replaces a call's playback stream now and then (Firefox opens a second one within a
// second of the first and closes the first): between the old stream's end and the new one's
// start the call would let the music it silenced resume, then silence it again. PipeWire also
// shows the old node as stopped just before it removes it. While the app still captures from
// its microphone, a call stream that stops or vanishes keeps acting as the call's stand-in until
// a playback stream of the same process sounds as the call again, or `capture-call-hold-ms` passes.
extension PolicyEngine {
    /// Whether the call stream `record` may stand in for its call now that it stops or vanishes:
    /// it acts as the call, its process still captures from a microphone and no other of its
    /// streams sounds as the call.
    func mayStandInForCall(_ record: StreamRecord) -> Bool {
        state.actors[.stream(record.info.id)] != nil && mayContinueCall(record)
    }

    /// ``mayStandInForCall(_:)`` but for whether the stream acts now.
    private func mayContinueCall(_ record: StreamRecord) -> Bool {
        guard state.policy.interruption.captureCallHoldMilliseconds > 0, record.isCaptureCall, record.replacedSince == nil,
            let process = AppProcess(of: record.info.app), state.capturingProcesses[process]?.microphones.isEmpty == false
        else { return false }
        return !state.streams.values.contains { other in
            other.info.id != record.info.id && other.replacedSince == nil && other.isCaptureCall && other.info.isSounding
                && AppProcess(of: other.info.app) == process
        }
    }

    /// Keeps the vanishing stream `id` as the call's stand-in if it may be one; returns whether
    /// it did (then the stream is not removed).
    mutating func holdReplacedCall(_ id: StreamID) -> Bool {
        guard let record = state.streams[id], mayStandInForCall(record) else { return false }
        state.streams[id]?.replacedSince = record.quietCallSince ?? state.now
        state.streams[id]?.quietCallSince = nil
        return true
    }

    /// Keeps the call stream `id`, which stopped sounding, acting as the call if it may; returns
    /// whether it did (then it does not stop acting yet).
    mutating func holdQuietCall(_ id: StreamID) -> Bool {
        guard let record = state.streams[id], mayStandInForCall(record) else { return false }
        state.streams[id]?.quietCallSince = state.now
        return true
    }

    /// The stream `id` was added again after a change of its facts; `acted` is what it did as an
    /// actor before. What its new record does is kept and the rest released, as
    /// ``restartActing(_:)`` does. A call stream that PipeWire unlinks before removing it does not
    /// sound as a new record: it goes on standing in for its call while it may, since
    /// `quietCallSince` if it was stopped already.
    mutating func continueActing(_ id: StreamID, _ acted: ActorRecord, wasCaptureCall: Bool, quietCallSince: Int?) {
        let actor = Participant.stream(id)
        if wasCaptureCall, state.actors[actor] == nil, let record = state.streams[id], !record.info.isSounding,
            mayContinueCall(record)
        {
            startActing(actor)
            state.streams[id]?.quietCallSince = quietCallSince ?? state.now
        }
        release(acted, of: actor, keeping: state.actors[actor] ?? ActorRecord())
    }

    /// A playback stream of a capturing process now sounds as its call: the stand-ins of that
    /// process step down. The new stream already acts on what they acted on, so nothing a user
    /// hears changes.
    mutating func retireReplacedCalls(supersededBy id: StreamID) {
        guard let record = state.streams[id], record.replacedSince == nil, record.isCaptureCall, record.info.isSounding,
            let process = AppProcess(of: record.info.app)
        else { return }
        state.streams[id]?.quietCallSince = nil
        let standIns = state.streams.values.filter { other in
            other.info.id != id && (other.replacedSince != nil || other.quietCallSince != nil) && AppProcess(of: other.info.app) == process
        }
        for standIn in standIns { endStandIn(standIn) }
    }

    private mutating func endStandIn(_ standIn: StreamRecord) {
        if standIn.replacedSince != nil {
            removeStream(standIn.info.id)
        } else {
            state.streams[standIn.info.id]?.quietCallSince = nil
            stopActing(.stream(standIn.info.id))
        }
    }

    /// The earliest end of a stand-in's hold, if any.
    var replacedCallsDeadline: Int? {
        let hold = state.policy.interruption.captureCallHoldMilliseconds
        return state.streams.values.compactMap { ($0.replacedSince ?? $0.quietCallSince).map { $0 + hold } }.min()
    }

    /// Ends the stand-ins no stream took the place of within the hold: what they silenced may
    /// resume, as after a phone stream's end. Returns the decisions of that, or none when no hold
    /// is due.
    mutating func endReplacedCalls() -> [PolicyDecision] {
        guard let end = replacedCallsDeadline, end <= state.now else { return [] }
        begin(release: "its call's playback stream ended and none took its place (capture-call-hold-ms passed)", source: nil, resume: true)
        let hold = state.policy.interruption.captureCallHoldMilliseconds
        let due = state.streams.values.filter { ($0.replacedSince ?? $0.quietCallSince).map { $0 + hold <= state.now } ?? false }
        for standIn in due.sorted(by: { $0.order < $1.order }) { endStandIn(standIn) }
        return finish()
    }
}
