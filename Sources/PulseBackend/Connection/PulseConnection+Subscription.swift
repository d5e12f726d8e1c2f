internal import CPulse

extension PulseConnection {
    /// Subscribes to every facility (sinks, sources, streams, clients, modules, server) and
    /// returns the events from now on. The subscription is in place when this returns.
    ///
    /// ```swift
    /// for await event in try await connection.subscribe() {
    ///     print(event.kind?.rawValue ?? "server", event.change, event.index)
    /// }
    /// ```
    ///
    /// The corresponding PulseAudio calls are `pa_context_subscribe` with `PA_SUBSCRIPTION_MASK_ALL`
    /// and `pa_context_set_subscribe_callback`.
    public func subscribe() async throws(PulseError) -> PulseSubscriptionEvents {
        let (stream, continuation) = AsyncStream<PulseSubscriptionEvent>.makeStream(bufferingPolicy: .unbounded)
        let tokens = core.withLoopLocked { loop in
            [
                loop.addSubscriptionListener { continuation.yield($0) },
                loop.addTerminationListener { _ in continuation.finish() },
            ]
        }
        continuation.onTermination = { [weak self] _ in
            self?.core.withLoopLocked { loop in for token in tokens { loop.removeListener(token) } }
        }
        do throws(PulseError) {
            try await awaiting { (done: @escaping @Sendable (Result<Void, PulseError>) -> Void) in
                request("pa_context_subscribe", done) {
                    pa_context_subscribe($0, PA_SUBSCRIPTION_MASK_ALL, OperationCallbacks.success, $1)
                }
            }
        } catch {
            continuation.finish()
            throw error
        }
        return PulseSubscriptionEvents(base: stream)
    }
}
