/// One subscription to a kind of session notification, as an `AsyncSequence`.
///
/// Every access to a notification property (``AudioSession/interruptions``,
/// ``AudioSession/routeChanges``, ...) makes a new subscription, registered at once: nothing
/// that happens after the access is missed, and several consumers each get every event.
/// Events wait in the subscription until read. The sequence ends when the session is closed;
/// dropping it (ending the loop) unsubscribes.
///
/// ```swift
/// let interruptions = session.interruptions      // subscribed from here on
/// try await session.setActive(true)
/// for await interruption in interruptions { handle(interruption) }
/// ```
public struct AudioSessionEvents<Event: Sendable>: AsyncSequence, Sendable {
    /// What the sequence delivers: the notification's event type.
    ///
    /// ```swift
    /// let first: Interruption? = await session.interruptions.first { _ in true }
    /// ```
    public typealias Element = Event
    /// Never: a subscription does not fail, it ends when the session is closed.
    ///
    /// ```swift
    /// for await change in session.routeChanges { print(change.reason) }   // no `try`
    /// ```
    public typealias Failure = Never

    let stream: AsyncStream<Event>

    /// The subscription's iterator; `for await` calls this for you, and a subscription is read
    /// by one iterator.
    ///
    /// ```swift
    /// var iterator = session.interruptions.makeAsyncIterator()
    /// let next = await iterator.next()
    /// ```
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator())
    }

    /// Produces the events one at a time.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<Event>.AsyncIterator

        /// The next event, waiting for it; `nil` once the session is closed.
        ///
        /// ```swift
        /// while let change = await iterator.next() { print(change.reason) }
        /// ```
        public mutating func next() async -> Event? {
            await base.next()
        }

        /// The next event, waiting for it on `actor` (what `for await` calls in an actor-isolated
        /// context); `nil` once the session is closed.
        ///
        /// ```swift
        /// let next = await iterator.next(isolation: #isolation)
        /// ```
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Event? {
            await base.next(isolation: actor)
        }
    }
}

/// The interruptions of a session (``AudioSession/interruptions``).
public typealias InterruptionEvents = AudioSessionEvents<Interruption>
/// The route changes of a session (``AudioSession/routeChanges``).
public typealias RouteChangeEvents = AudioSessionEvents<RouteChange>
/// The secondary-audio hints of a session (``AudioSession/silenceSecondaryAudioHints``).
public typealias SilenceSecondaryAudioHintEvents = AudioSessionEvents<SilenceSecondaryAudioHint>
/// Losses of the audio services (``AudioSession/mediaServicesWereLost``).
public typealias MediaServicesLossEvents = AudioSessionEvents<MediaServicesLoss>
/// Resets of the audio services (``AudioSession/mediaServicesWereReset``).
public typealias MediaServicesResetEvents = AudioSessionEvents<MediaServicesReset>
/// Changes of the output volume, 0...1 (``AudioSession/outputVolumeChanges``).
public typealias OutputVolumeEvents = AudioSessionEvents<Float>
/// Changes of whether an input exists: `true` when one appeared (``AudioSession/inputAvailabilityChanges``).
///
/// ```swift
/// let changes: InputAvailabilityEvents = session.inputAvailabilityChanges
/// ```
public typealias InputAvailabilityEvents = AudioSessionEvents<Bool>
/// Changes of the app's input mute: `true` when muted (``AudioSession/inputMuteChanges``).
public typealias InputMuteEvents = AudioSessionEvents<Bool>
/// The agent's refusals of requests sent in the background (``AudioSession/agentRefusals``).
public typealias AgentRefusalEvents = AudioSessionEvents<AudioSession.AgentRefusal>
