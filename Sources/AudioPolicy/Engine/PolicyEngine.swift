import AudioSessionModel

/// The pure policy engine: events in, decisions out, no I/O and no clock.
///
/// The engine keeps, per stream, the set of participants ducking it (with their levels) and the
/// set silencing it; effects are derived from those causes, and decisions are the difference
/// between the effects before and after each event. So several duckers combine (the lowest level
/// wins), each removes exactly its own, and nothing stays applied once its cause ends.
///
/// ```swift
/// var engine = PolicyEngine(policy: myPolicy)
/// _ = engine.handle(.streamAppeared(StreamInfo(id: "music", direction: .playback,
///                                              properties: ["media.role": "music"], isSounding: true)))
/// _ = engine.handle(.sessionRegistered("nav", app: AppIdentity(applicationID: "maps")))
/// _ = engine.handle(.sessionConfigured("nav", try SessionConfiguration(category: .playback, options: [.duckOthers])))
/// _ = engine.handle(.sessionActivated("nav"))
/// let decisions = engine.handle(.streamAppeared(StreamInfo(id: "prompt", direction: .playback,
///                                                          session: "nav", isSounding: true)))
/// // [.duck("music", level: 0.3, rampMilliseconds: 250, because: duck-others (session nav))]
/// ```
///
/// Cost: an event touches only the streams it affects plus the active participants (few), except
/// where its meaning is "every other stream" (a ducker starting to sound, an activation, a policy change).
public struct PolicyEngine: Sendable {
    /// Everything the engine knows.
    public internal(set) var state: PolicyState
    var transaction = Transaction(release: Explanation(rule: "none"), resume: true)

    /// Creates an engine with no sessions or streams under `policy`.
    public init(policy: Policy) {
        self.state = PolicyState(policy: policy)
    }

    /// Creates an engine continuing from a saved state.
    public init(state: PolicyState) {
        self.state = state
    }

    /// Applies one event and returns what to do about it, in order: session signals first, then
    /// stream changes in the order the streams appeared, then secondary-audio hints.
    public mutating func handle(_ event: PolicyEvent) -> [PolicyDecision] {
        state.eventSerial += 1
        // Decisions of an earlier transaction in the same event (a call's hold running out).
        var earlier: [PolicyDecision] = []
        switch event {
        case .sessionRegistered(let id, let app):
            begin(release: "session registered", source: .session(id), resume: true)
            registerSession(id, app: app)
        case .sessionConfigured(let id, let configuration):
            begin(release: "session reconfigured", source: .session(id), resume: true)
            if let old = state.sessions[id]?.configuration.category, old != configuration.category {
                transaction.sessionRouteReasons[id] = .categoryChange
            }
            configureSession(id, configuration)
        case .sessionActivated(let id):
            begin(release: "session reactivated", source: .session(id), resume: true)
            activateSession(id)
        case .sessionDeactivated(let id, let notifyOthers):
            begin(
                release: notifyOthers ? "deactivated with notify-others" : "deactivated without notify-others",
                source: .session(id), resume: notifyOthers)
            deactivateSession(id)
        case .sessionEnded(let id):
            begin(release: "session ended", source: .session(id), resume: true)
            endSession(id)
        case .streamAppeared(let info):
            begin(release: "stream appeared", source: .stream(info.id), resume: true)
            if state.streams[info.id] != nil { removeStream(info.id) }
            addStream(info, order: nil)
        case .streamChanged(let info):
            begin(release: "stream changed", source: .stream(info.id), resume: true)
            guard changesPolicyFacts(info) else {
                state.streams[info.id]?.info = info
                return []
            }
            let order = state.streams[info.id]?.order
            // A leftover of an ended session stays one: the app is going away, and the server's
            // last words about its stream (a cork, a re-resolved session) must not make it act.
            let leftover = state.streams[info.id]?.leftover
            let old = state.streams[info.id]
            // What the stream does as an actor is taken out before it is added again, so that
            // the new record takes over what it still does and only the rest is released: an
            // interrupted session must not hear its interruption end and begin again.
            let acted = order != nil ? state.actors.removeValue(forKey: .stream(info.id)) : nil
            if let old {
                if let session = old.session { transaction.routesDirty.insert(session) }
                noteDeviceChange(of: info.id, from: old.info.device, to: info.device)
            }
            if order != nil {
                touch(info.id)
                removeStream(info.id)
            }
            addStream(info, order: order, leftover: leftover)
            if let old { keepSilences(of: old) }
            if let acted { continueActing(info.id, acted, wasCaptureCall: old?.isCaptureCall == true, quietCallSince: old?.quietCallSince) }
            noteRunning(info.id)
            noteQuiet(info.id)
        case .streamSoundingChanged(let id, let isSounding):
            begin(release: "stopped sounding", source: .stream(id), resume: true)
            setSounding(id, isSounding)
            // A held stream that stops counts as paused (its player paused over MPRIS, or by the
            // user) once it stays stopped: see ``pauseSettleMilliseconds`` and ``noteQuiet(_:)``.
            if isSounding { noteRunning(id) }
            noteQuiet(id)
        case .streamVanished(let id):
            begin(release: "stream vanished", source: .stream(id), resume: true)
            if let session = state.streams[id]?.session { transaction.routesDirty.insert(session) }
            if !holdReplacedCall(id) { removeStream(id) }
            forgetRouting(of: id)
        case .deviceAdded(let device):
            begin(release: "device plugged", source: nil, resume: false)
            addDevice(device)
        case .deviceRemoved(let id):
            begin(release: "device unplugged", source: nil, resume: false)
            removeDevice(id)
        case .cardAdded(let card):
            begin(release: "card changed", source: nil, resume: false)
            addCard(card)
        case .cardRemoved(let id):
            begin(release: "card removed", source: nil, resume: false)
            removeCard(id)
        case .defaultDeviceChanged(let direction, let id):
            begin(release: "default device changed", source: nil, resume: false)
            setDefaultDevice(direction, id)
        case .outputOverridden(let id, let toSpeaker):
            begin(release: "output override removed", source: .session(id), resume: false)
            guard state.sessions[id] != nil else { break }
            state.sessions[id]?.speakerOverride = toSpeaker
            transaction.sessionRouteReasons[id] = .override
        case .preferredInputChanged(let id, let device):
            begin(release: "preferred input changed", source: .session(id), resume: false)
            guard state.sessions[id] != nil else { break }
            state.sessions[id]?.preferredInput = device
            transaction.sessionRouteReasons[id] = .override
        case .echoCancellationPreferred(let id, let prefers):
            begin(release: "echo cancellation preference changed", source: .session(id), resume: false)
            state.sessions[id]?.echoCancellationRequest = prefers
        case .inputMuteChanged(let id, let muted):
            begin(release: "the app unmuted its input", source: .session(id), resume: true)
            setInputMuted(id, muted)
        case .sessionPreferenceChanged(let id, let preference, let value):
            begin(release: "session preference changed", source: .session(id), resume: false)
            setPreference(preference, value, of: id)
        case .policyReplaced(let policy):
            begin(release: "policy replaced", source: nil, resume: false)
            replacePolicy(policy)
        case .desktopChanged(let desktop):
            begin(release: "the desktop changed", source: nil, resume: true)
            changeDesktop(to: desktop)
        case .timePassed(let milliseconds):
            state.now = max(state.now, milliseconds)
            // A call's end may resume what it silenced; an unplug hold's end never does: each
            // is its own transaction.
            earlier = endHeldCaptureCalls() + endReplacedCalls()
            guard let deadline = nextDeadline, deadline <= state.now else { return earlier }
            let limit = state.policy.routing.unplugSilenceMilliseconds
            let now = state.now
            if let holdsEnd = unplugHoldDeadline, holdsEnd <= now {
                let timedOut = limit > 0 && state.unplugHolds.values.contains { now - $0.since >= limit }
                begin(release: timedOut ? "unplug silence time limit" : "stopped where it fell back", source: nil, resume: false)
                releaseUnplugHolds { _, hold in
                    (limit > 0 && now - hold.since >= limit) || Self.pauseCounts(of: hold).map { $0 <= now } == true
                }
            } else {
                begin(release: "its session ended and the stream plays on", source: nil, resume: false)
            }
            adoptLeftovers()
        }
        if let session = event.sessionWhoseRouteMayChange { transaction.routesDirty.insert(session) }
        return earlier + finish()
    }

    mutating func begin(release rule: String, source: Participant?, resume: Bool) {
        transaction = Transaction(release: Explanation(rule: rule, source: source), resume: resume)
    }

    /// Remembers a stream's effect before this event changes it.
    mutating func touch(_ id: StreamID) {
        guard transaction.effectsBefore[id] == nil, let stream = state.streams[id] else { return }
        transaction.effectsBefore[id] = effect(of: stream)
        transaction.touchedOrder.append(id)
        transaction.dirty.insert(participant(of: stream))
    }

    mutating func emit(_ decision: PolicyDecision) {
        transaction.sessionDecisions.append(decision)
    }

    /// Turns the changes of this event into decisions.
    mutating func finish() -> [PolicyDecision] {
        updateCardProfiles()
        updateRoutes()
        // A held stream whose other silence ended may now rest as its player's pause.
        for id in transaction.touchedOrder where state.unplugHolds[id] != nil { noteQuiet(id) }
        var decisions = transaction.sessionDecisions
        decisions += transaction.routingDecisions.filter(\.changesDevices)
        let touched = transaction.touchedOrder
            .compactMap { id in state.streams[id].map { (id, $0.order) } }
            .sorted { $0.1 < $1.1 }
        for (id, _) in touched {
            // A call's stand-in is gone from the server: nothing is done to it.
            guard let stream = state.streams[id], stream.replacedSince == nil, let before = transaction.effectsBefore[id] else { continue }
            decisions += transition(of: stream, from: before, to: effect(of: stream))
        }
        decisions += transaction.routingDecisions.filter { !$0.changesDevices }
        decisions += updateHints()
        transaction = Transaction(release: Explanation(rule: "none"), resume: true)
        return decisions
    }

    /// The decisions that move a stream from one effect to another, ordered so nothing is briefly
    /// louder than either end: silence before unducking, duck (at once) before unsilencing.
    func transition(of stream: StreamRecord, from before: StreamEffect, to after: StreamEffect) -> [PolicyDecision] {
        let id = stream.info.id
        let ducking = state.policy.ducking
        let release = transaction.release
        switch (before, after) {
        case (.playing, .playing):
            return []
        case (.silenced(let old), .silenced(let new)):
            // Still silenced, now until its player stops: decided again, as a paused stream would
            // never get there (nothing else changes on the server for a new cause).
            return new.playsOut && !old.playsOut ? [.silence(id, cause: new, because: silenceExplanation(stream, new))] : []
        case (.ducked(let old), .ducked(let new)):
            return old == new ? [] : [.duck(id, level: new, rampMilliseconds: ducking.rampDownMilliseconds, because: duckExplanation(stream))]
        case (.playing, .ducked(let level)):
            return [.duck(id, level: level, rampMilliseconds: ducking.rampDownMilliseconds, because: duckExplanation(stream))]
        case (.ducked, .playing):
            return [.unduck(id, rampMilliseconds: ducking.rampUpMilliseconds, because: release)]
        case (.playing, .silenced(let cause)):
            return [.silence(id, cause: cause, because: silenceExplanation(stream, cause))]
        case (.ducked, .silenced(let cause)):
            return [
                .silence(id, cause: cause, because: silenceExplanation(stream, cause)),
                .unduck(id, rampMilliseconds: 0, because: silenceExplanation(stream, cause)),
            ]
        case (.silenced, .playing):
            return [.unsilence(id, resume: transaction.resume && !transaction.neverResume.contains(id), because: release)]
        case (.silenced, .ducked(let level)):
            return [
                .duck(id, level: level, rampMilliseconds: 0, because: duckExplanation(stream)),
                .unsilence(id, resume: transaction.resume && !transaction.neverResume.contains(id), because: release),
            ]
        }
    }
}
