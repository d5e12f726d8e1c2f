import PulseBackend
import Logging
import Synchronization

/// The machinery behind an ``AudioPlayer`` and an ``AudioStreamPlayer``: its stream, its state,
/// and the reactions to the session's interruptions and route changes and to the stream's events.
/// The two players differ only in their `Source`: a file in memory, or a queue the app fills.
///
/// It never holds the public player, so the player's listening task (which holds the core) does
/// not keep the player alive: releasing the player cancels it.
final class PlayerCore<Source: PlayerSource>: Sendable {
    struct State {
        var stream: PulsePlaybackStream?
        var isPlaying = false
        var pausedByInterruption = false
        var resumesAfterInterruption = true
        /// The server went away while the player played: play on when the session is reset.
        var resumesAfterReset = false
    }

    let session: AudioSession
    let source: Source
    let name: String
    let state = Mutex(State())
    let events = EventBroadcast<AudioPlayerEvent>()
    /// Serialises play, pause, stop and the reactions, which all open, cork or close the stream.
    let gate = SerialGate()
    private let openedStreams: AsyncStream<PulsePlaybackStream>
    private let openedSink: AsyncStream<PulsePlaybackStream>.Continuation
    /// The server keeps this much ahead: short, so a pause is heard at once and the position is close.
    static var defaultLatency: Duration { .milliseconds(100) }
    /// What the server keeps ahead for this player (the stream's target length).
    let latency: Duration

    init(session: AudioSession, source: Source, name: String, latency: Duration = defaultLatency) {
        self.session = session
        self.source = source
        self.name = name
        self.latency = latency
        (openedStreams, openedSink) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
    }

    // MARK: Commands

    func play() async throws(AudioMediaError) {
        try await gate.run { () async throws(AudioMediaError) in
            if let stream = state.withLock({ $0.stream }) {
                do throws(PulseError) {
                    try await stream.setCorked(false)
                } catch {
                    throw AudioMediaError(code: .stream, message: "\(error)")
                }
            } else {
                let connection = try await session.mediaConnection()
                var properties = session.streamProperties
                properties["media.name"] = name
                do throws(PulseError) {
                    let stream = try await PulsePlaybackStream.open(
                        on: connection, name: name, properties: properties, source: source,
                        latency: latency)
                    state.withLock { $0.stream = stream }
                    openedSink.yield(stream)
                } catch {
                    throw AudioMediaError(code: .stream, message: "\(error)")
                }
            }
            state.withLock {
                $0.isPlaying = true
                $0.pausedByInterruption = false
            }
        }
    }

    func pause() async {
        _ = await gate.run { () async -> Bool in await corkForPause() }
    }

    /// Corks the stream; returns whether the player was playing.
    @discardableResult
    private func corkForPause() async -> Bool {
        let (stream, wasPlaying) = state.withLock { state in
            defer { state.isPlaying = false }
            return (state.stream, state.isPlaying)
        }
        try? await stream?.setCorked(true)
        return wasPlaying
    }

    func stop() {
        let stream = state.withLock { state in
            defer {
                state.stream = nil
                state.isPlaying = false
                state.pausedByInterruption = false
                state.resumesAfterReset = false
            }
            return state.stream
        }
        stream?.close()
        source.rewind()
    }

    func close() {
        stop()
        openedSink.finish()
        events.finish()
    }

    // MARK: Reactions (on the listening task)

    /// Follows the session and the player's streams until cancelled.
    func run(interruptions: InterruptionEvents, routeChanges: RouteChangeEvents, resets: MediaServicesResetEvents) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await interruption in interruptions { await self.handle(interruption) }
            }
            group.addTask {
                for await change in routeChanges where change.reason == .oldDeviceUnavailable {
                    await self.pauseForRoute()
                }
            }
            group.addTask {
                for await _ in resets { await self.resumeAfterReset() }
            }
            for await stream in openedStreams {
                group.addTask {
                    for await event in stream.events { await self.handle(event, of: stream) }
                }
            }
            group.cancelAll()
        }
    }

    private func handle(_ interruption: Interruption) async {
        switch interruption {
        case .began:
            await pauseForInterruption()
        case .ended(let options):
            let resume = state.withLock { state in
                defer { state.pausedByInterruption = false }
                return state.pausedByInterruption && state.resumesAfterInterruption && options.contains(.shouldResume)
            }
            guard resume else { return }
            do {
                try await session.setActive(true)
                try await play()
                events.publish(.resumedAfterInterruption)
            } catch {
                session.core.logger.warning("the player could not resume after the interruption", metadata: ["error": "\(error)"])
            }
        }
    }

    private func pauseForInterruption() async {
        let paused = await gate.run { () async -> Bool in
            guard await corkForPause() else { return false }
            state.withLock { $0.pausedByInterruption = true }
            return true
        }
        if paused { events.publish(.pausedByInterruption) }
    }

    /// The server's own request to resume (module-role-cork, when no agent has taken it over):
    /// the session stayed active, so the player only plays on.
    private func resumeForServer() async {
        let resume = state.withLock { state in
            defer { state.pausedByInterruption = false }
            return state.pausedByInterruption && state.resumesAfterInterruption
        }
        guard resume else { return }
        do {
            try await play()
            events.publish(.resumedAfterInterruption)
        } catch {
            session.core.logger.warning("the player could not resume after the server's cork request", metadata: ["error": "\(error)"])
        }
    }

    private func resumeAfterReset() async {
        let resume = state.withLock { state in
            defer { state.resumesAfterReset = false }
            return state.resumesAfterReset
        }
        guard resume else { return }
        do {
            try await play()
            events.publish(.resumedAfterMediaServicesReset)
        } catch {
            session.core.logger.warning("the player could not play on after the sound server's restart", metadata: ["error": "\(error)"])
        }
    }

    private func pauseForRoute() async {
        let paused = await gate.run { () async -> Bool in await corkForPause() }
        if paused { events.publish(.pausedForRouteChange) }
    }

    private func handle(_ event: PulseStreamEvent, of stream: PulsePlaybackStream) async {
        guard state.withLock({ $0.stream === stream }) else { return }
        switch event {
        case .moved(let move) where move.leftAVanishedDevice:
            await pauseForRoute()
        case .corkRequested:
            // Stock PulseAudio's module-role-cork asks music to pause for a phone stream, as an
            // interruption that bypasses the session; like paplay, the player obeys.
            await pauseForInterruption()
        case .uncorkRequested:
            await resumeForServer()
        case .drained:
            await gate.run {
                guard state.withLock({ $0.stream === stream }) else { return }
                stop()
            }
            events.publish(.finished(successfully: true))
        case .failed(let error):
            await gate.run {
                // A killed stream was ended on purpose (by the user, a mixer): stop and rewind.
                // A lost server is not the user's doing: keep the place, play on after the reset.
                let keepPlace = state.withLock { state -> Bool? in
                    guard state.stream === stream else { return nil }
                    defer {
                        state.stream = nil
                        state.isPlaying = false
                    }
                    state.resumesAfterReset = state.isPlaying && error.code != .killed
                    return state.resumesAfterReset
                }
                stream.close()
                if keepPlace == false { source.rewind() }
            }
            events.publish(.stoppedByServer(reason: "\(error)"))
        default:
            break
        }
    }
}
