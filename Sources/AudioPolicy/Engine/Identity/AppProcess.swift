/// One running process of an app, as its streams name it: the process id together with the ids
/// that say which program it runs, so two sandboxes that number their processes alike (a Flatpak
/// app's `application.process.id` is its sandbox's) are never taken for one process.
///
/// Streams of the same process share a call: while one captures from a microphone, the others'
/// playback counts as the call (``AppRule/callWhileCapturing``).
///
/// ```swift
/// let firefox = AppIdentity(processBinary: "firefox-esr", processID: 4242)
/// AppProcess(of: firefox)   // AppProcess(processID: 4242, processBinary: "firefox-esr", ...)
/// AppProcess(of: AppIdentity(processBinary: "firefox-esr"))   // nil: no process id
/// ```
struct AppProcess: Hashable, Sendable, CustomStringConvertible {
    /// The process id its streams carry.
    var processID: Int
    /// The process binary, if known.
    var processBinary: String?
    /// The Flatpak app id, if any.
    var flatpakID: String?
    /// The portal app id, if any.
    var portalAppID: String?

    /// The process an app's stream comes from, or `nil` when the stream names no process id.
    init?(of app: AppIdentity) {
        guard let processID = app.processID else { return nil }
        self.processID = processID
        self.processBinary = app.processBinary
        self.flatpakID = app.flatpakID
        self.portalAppID = app.portalAppID
    }

    /// `process 4242 (firefox-esr)`.
    var description: String {
        let program = flatpakID ?? portalAppID ?? processBinary
        return "process \(processID)" + (program.map { " (\($0))" } ?? "")
    }
}
