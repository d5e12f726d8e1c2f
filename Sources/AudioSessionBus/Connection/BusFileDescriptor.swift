internal import Glibc
internal import Synchronization

/// A file descriptor received over the bus, owned by this process until ``close()`` (or until the
/// value goes away): what logind's `Inhibit` returns, an inhibitor that holds while it is open.
///
/// ```swift
/// let inhibitor = try await systemBus.callTakingDescriptor(
///     destination: "org.freedesktop.login1", path: "/org/freedesktop/login1",
///     interface: "org.freedesktop.login1.Manager", method: "Inhibit",
///     arguments: [.string("sleep"), .string("audiosessiond"), .string("telling apps"), .string("delay")])
/// // ... the apps were told ...
/// inhibitor.close()
/// ```
public final class BusFileDescriptor: Sendable {
    private let descriptor: Mutex<Int32?>

    init(adopting descriptor: Int32) {
        self.descriptor = Mutex(descriptor)
    }

    /// Whether the descriptor is still open (not yet closed).
    public var isOpen: Bool { descriptor.withLock { $0 != nil } }

    /// Closes the descriptor; later calls do nothing.
    public func close() {
        let open = descriptor.withLock { descriptor -> Int32? in
            defer { descriptor = nil }
            return descriptor
        }
        if let open { _ = Glibc.close(open) }
    }

    deinit { close() }
}
