// Calls that nobody declared: a browser's WebRTC call or a call app without the library plays and
// records with no role. While such an app (`call-while-capturing` in its `[[app]]` rule) captures
// from a microphone, its role-less playback streams from the same process count as a call: they
// take the `communication` role, so they interrupt and silence others as a phone stream does and
// a phone stream no longer silences them. When its last capture closes they stay a call for the
// policy's `capture-call-hold-ms`, so a microphone toggled off and on again lets nothing resume.
extension PolicyEngine {
    /// The app rule that lets `app`'s playback count as a call while it captures, and the id it
    /// matched by (at an evidence level the rule accepts), if the policy lets it.
    func captureCallRule(for app: AppIdentity) -> (rule: AppRule, match: IdentityMatch)? {
        guard state.policy.interruption.captureCalls, let found = appRuleMatch(for: app), found.rule.callWhileCapturing,
            !found.rule.exempt
        else { return nil }
        return found
    }

    /// Whether a playback stream the policy does not exclude counts as a call now: it names no
    /// role of its own, belongs to no session, and its process captures from a microphone (or
    /// did, within the hold).
    func countsAsCaptureCall(_ info: StreamInfo) -> Bool {
        guard !state.capturingProcesses.isEmpty, info.direction == .playback,
            info.session.flatMap({ state.sessions[$0] }) == nil,
            info.mediaRole.flatMap(Role.init(normalizing:)).map({ $0 == Role.none }) ?? true,
            let process = AppProcess(of: info.app), state.capturingProcesses[process] != nil
        else { return false }
        return captureCallRule(for: info.app) != nil
    }

    /// The process whose call a capture stream keeps going, or `nil` when it keeps none: only an
    /// app's microphone counts (not a meter, a monitor, a module's or the agent's stream, nor a
    /// stream the policy excludes), of an app without a session whose rule says so.
    func captureCallProcess(of record: StreamRecord) -> AppProcess? {
        guard record.info.readsMicrophone, record.excludedBecause == nil, record.leftover == nil,
            case .stream = participant(of: record), let process = AppProcess(of: record.info.app),
            captureCallRule(for: record.info.app) != nil
        else { return nil }
        return process
    }

    /// A capture stream was added: if it is a microphone of an app whose playback then counts as
    /// a call, that playback becomes the call (or, within the hold, simply stays one).
    mutating func noteMicrophoneOpened(_ id: StreamID) {
        guard let record = state.streams[id], let process = captureCallProcess(of: record) else { return }
        let wasCalling = state.capturingProcesses[process] != nil
        state.capturingProcesses[process, default: CapturingProcess()].microphones.insert(id)
        state.capturingProcesses[process]?.heldSince = nil
        if !wasCalling { redecidePlayback(of: process) }
    }

    /// A capture stream was removed: when it was its process's last microphone, the call is held
    /// for `capture-call-hold-ms` (or ends at once when that is 0).
    mutating func noteMicrophoneClosed(_ record: StreamRecord) {
        guard let process = AppProcess(of: record.info.app), var calling = state.capturingProcesses[process],
            calling.microphones.remove(record.info.id) != nil
        else { return }
        if calling.microphones.isEmpty && state.policy.interruption.captureCallHoldMilliseconds == 0 {
            state.capturingProcesses[process] = nil
            redecidePlayback(of: process)
            return
        }
        if calling.microphones.isEmpty { calling.heldSince = state.now }
        state.capturingProcesses[process] = calling
    }

    /// Decides the process's playback streams again whose standing as a call changed, in the
    /// order they appeared.
    mutating func redecidePlayback(of process: AppProcess) {
        let changed = state.streams.values.filter { record in
            record.info.direction == .playback && record.excludedBecause == nil && AppProcess(of: record.info.app) == process
                && record.isCaptureCall != countsAsCaptureCall(record.info)
        }
        for record in changed.sorted(by: { $0.order < $1.order }) {
            // A stand-in of a call that ended is gone from the server: it leaves, nothing replaces it.
            guard record.replacedSince == nil else {
                removeStream(record.info.id)
                continue
            }
            touch(record.info.id)
            removeStream(record.info.id)
            addStream(record.info, order: record.order)
        }
    }

    /// The end of the earliest hold of a call whose microphone closed, if any.
    var captureCallHoldDeadline: Int? {
        let hold = state.policy.interruption.captureCallHoldMilliseconds
        return state.capturingProcesses.values.compactMap { $0.heldSince.map { $0 + hold } }.min()
    }

    /// Ends the calls whose hold has run out: their playback is what it was before, and what they
    /// silenced may resume, as after a phone stream's end. Returns the decisions of that, or none
    /// when no hold is due.
    mutating func endHeldCaptureCalls() -> [PolicyDecision] {
        guard let end = captureCallHoldDeadline, end <= state.now else { return [] }
        begin(release: "its app stopped capturing from a microphone (capture-call-hold-ms passed)", source: nil, resume: true)
        let hold = state.policy.interruption.captureCallHoldMilliseconds
        let due = state.capturingProcesses.filter { $0.value.heldSince.map { $0 + hold <= state.now } ?? false }.keys
        for process in due.sorted(by: { ($0.processID, $0.description) < ($1.processID, $1.description) }) {
            state.capturingProcesses[process] = nil
            redecidePlayback(of: process)
        }
        return finish()
    }

    /// Why a stream counts as a call, for explain; `nil` when it does not by this rule.
    func captureCallExplanation(of record: StreamRecord) -> String? {
        guard record.isCaptureCall, let process = AppProcess(of: record.info.app),
            let calling = state.capturingProcesses[process]
        else { return nil }
        let rule = captureCallRule(for: record.info.app).map { found in
            " (call-while-capturing: \(found.rule.summary), matched as \(found.match))"
        } ?? ""
        if let microphone = calling.microphones.min() {
            return "counts as a call because its process captures from a microphone: \(process), stream \(microphone)\(rule)"
        }
        let since = calling.heldSince ?? state.now
        let hold = state.policy.interruption.captureCallHoldMilliseconds
        return "counts as a call because its process captured from a microphone until \(state.now - since) ms ago; "
            + "it stays one for \(hold) ms after (capture-call-hold-ms): \(process)\(rule)"
    }
}
