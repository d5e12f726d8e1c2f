/// Who an app is, as far as the sound server and the bus can tell.
///
/// Policy rules match application ids against ``identifiers``, in order.
///
/// ```swift
/// let player = AppIdentity(applicationID: "org.gnome.Rhythmbox3", processBinary: "rhythmbox", processID: 4242)
/// ```
public struct AppIdentity: Hashable, Sendable {
    /// `application.id` of the client or stream.
    public var applicationID: String?
    /// `application.process.binary`.
    public var processBinary: String?
    /// The Flatpak app id.
    public var flatpakID: String?
    /// `pipewire.access.portal.app_id`.
    public var portalAppID: String?
    /// The process id, when known; never used for matching.
    public var processID: Int?

    /// Creates an app identity; all parts are optional.
    public init(
        applicationID: String? = nil, processBinary: String? = nil, flatpakID: String? = nil,
        portalAppID: String? = nil, processID: Int? = nil
    ) {
        self.applicationID = applicationID
        self.processBinary = processBinary
        self.flatpakID = flatpakID
        self.portalAppID = portalAppID
        self.processID = processID
    }

    /// The ids policy rules match, in the schema's order: application id, process binary,
    /// Flatpak app id, portal app id.
    public var identifiers: [String] {
        [applicationID, processBinary, flatpakID, portalAppID].compactMap { $0 }
    }
}
