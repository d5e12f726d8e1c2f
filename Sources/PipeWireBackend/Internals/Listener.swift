internal import CPipeWire

/// A libpipewire listener: the `spa_hook` and the events table, on the heap so that their
/// addresses stay valid for as long as libpipewire holds them.
final class Listener<Events> {
    let hook: UnsafeMutablePointer<spa_hook>
    let events: UnsafeMutablePointer<Events>
    private var attached = false

    init(_ events: Events) {
        hook = .allocate(capacity: 1)
        hook.initialize(to: spa_hook())
        self.events = .allocate(capacity: 1)
        self.events.initialize(to: events)
    }

    /// Records that libpipewire now holds the hook (after a successful `*_add_listener`).
    func markAttached() { attached = true }

    /// Unhooks from libpipewire; call with the loop locked, before the object listened to goes.
    func remove() {
        guard attached else { return }
        LibPipeWire.hookRemove(hook)
        attached = false
    }

    deinit {
        remove()
        hook.deinitialize(count: 1)
        hook.deallocate()
        events.deinitialize(count: 1)
        events.deallocate()
    }
}
