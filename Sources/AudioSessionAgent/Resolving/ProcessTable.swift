/// What the resolver needs to know about processes: a small seam so unit tests can describe a
/// process tree, and the agent reads `/proc` (``LinuxProcessTable``).
///
/// Every answer is `nil` when the process is gone or cannot be inspected; processes come and go
/// while the agent looks, so no answer is an error.
///
/// ```swift
/// let table: any ProcessTable = LinuxProcessTable()
/// table.parent(of: 4242)                               // 4100
/// table.appScope(of: 4242)                             // "app-gnome-org.gnome.Rhythmbox3-4100.scope"
/// table.environmentVariable("PULSE_PROP", of: 4242)    // "audiosession.token=s-7"
/// ```
public protocol ProcessTable: Sendable {
    /// The parent process id.
    func parent(of processID: Int32) -> Int32?
    /// The systemd unit of an app launched by the desktop (`app-*.scope` or `app-*.service`), from
    /// the process's cgroup.
    func appScope(of processID: Int32) -> String?
    /// The Flatpak application id, for a process inside a Flatpak sandbox.
    func flatpakAppID(of processID: Int32) -> String?
    /// One variable of the environment the process started with.
    func environmentVariable(_ name: String, of processID: Int32) -> String?
    /// The name of the process's executable (what a pulse-protocol client reports as its
    /// `application.process.binary`), `nil` when it cannot be read.
    func binary(of processID: Int32) -> String?
}

extension ProcessTable {
    /// Tables that do not know executables (tests of the session resolver) know none.
    public func binary(of processID: Int32) -> String? { nil }
}
