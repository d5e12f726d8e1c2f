/// Who an app is, as far as the sound server and the bus can tell, and how far each fact can be
/// trusted (``IdentityEvidence``).
///
/// Policy rules match application ids against ``identifiers``, in order, each only when the rule
/// accepts its evidence. An app with a Flatpak or portal app id is sandboxed: only its verified
/// ids count, so nothing it claims or declares stands in for the id its sandbox proves.
///
/// ```swift
/// // a stream on the pulse protocol: everything is what the client wrote
/// let player = AppIdentity(applicationID: "org.gnome.Rhythmbox3", processBinary: "rhythmbox", processID: 4242)
/// // a session registered over the bus: its binary from /proc, its application id as declared
/// let maps = AppIdentity(
///     applicationID: "org.example.Maps", processBinary: "maps",
///     evidence: .init(applicationID: .declared, processBinary: .verified))
/// ```
public struct AppIdentity: Hashable, Sendable {
    /// How far each of an identity's ids can be trusted.
    public struct Evidence: Hashable, Sendable {
        /// Of ``AppIdentity/applicationID``.
        public var applicationID: IdentityEvidence
        /// Of ``AppIdentity/processBinary``.
        public var processBinary: IdentityEvidence
        /// Of ``AppIdentity/flatpakID``.
        public var flatpakID: IdentityEvidence
        /// Of ``AppIdentity/portalAppID``.
        public var portalAppID: IdentityEvidence
        /// Of ``AppIdentity/processID``: verified from the server's `pipewire.sec.pid` of the app's
        /// own connection on native PipeWire or from the bus, claimed from `application.process.id`.
        public var processID: IdentityEvidence
        /// Of ``AppIdentity/ancestorBinaries``: that of the process id they were read for (``processID``).
        public var ancestorBinaries: IdentityEvidence

        /// Creates evidence levels; by default everything is claimed, as on the pulse protocol.
        public init(
            applicationID: IdentityEvidence = .claimed, processBinary: IdentityEvidence = .claimed,
            flatpakID: IdentityEvidence = .claimed, portalAppID: IdentityEvidence = .claimed,
            processID: IdentityEvidence = .claimed, ancestorBinaries: IdentityEvidence = .claimed
        ) {
            self.applicationID = applicationID
            self.processBinary = processBinary
            self.flatpakID = flatpakID
            self.portalAppID = portalAppID
            self.processID = processID
            self.ancestorBinaries = ancestorBinaries
        }

        /// Every id claimed by the client: a pulse-protocol stream's.
        public static let claimed = Evidence()
        /// Every id verified: for tests and scenario tables that describe an app as the agent knows it.
        public static let verified = Evidence(
            applicationID: .verified, processBinary: .verified, flatpakID: .verified, portalAppID: .verified,
            processID: .verified, ancestorBinaries: .verified)
    }

    /// `application.id` of the client or stream, or the `application-id` given to `RegisterSession`.
    public var applicationID: String?
    /// `application.process.binary`, or the binary `/proc` names for a bus caller.
    public var processBinary: String?
    /// The Flatpak app id.
    public var flatpakID: String?
    /// `pipewire.access.portal.app_id`.
    public var portalAppID: String?
    /// The process id, when known; never matched by rules. It tells which streams come from one
    /// process (``AppRule/callWhileCapturing``).
    public var processID: Int?
    /// The executables of the processes that started the app's process, its parent first, a few
    /// generations up (a module runs its player through a shell), from `/proc` of ``processID``:
    /// matched only by rules with `match-children` (a speech module's player).
    public var ancestorBinaries: [String]
    /// How far each id can be trusted.
    public var evidence: Evidence

    /// Creates an app identity; all parts are optional, and every id is claimed unless `evidence` says otherwise.
    public init(
        applicationID: String? = nil, processBinary: String? = nil, flatpakID: String? = nil,
        portalAppID: String? = nil, processID: Int? = nil, ancestorBinaries: [String] = [], evidence: Evidence = .claimed
    ) {
        self.applicationID = applicationID
        self.processBinary = processBinary
        self.flatpakID = flatpakID
        self.portalAppID = portalAppID
        self.processID = processID
        self.ancestorBinaries = ancestorBinaries
        self.evidence = evidence
    }

    /// The ids policy rules match, in the schema's order: application id, process binary,
    /// Flatpak app id, portal app id.
    public var identifiers: [String] {
        [applicationID, processBinary, flatpakID, portalAppID].compactMap { $0 }
    }

    /// Whether the app runs in a sandbox: it has a Flatpak or portal app id, at any level (an app
    /// that claims a sandbox only narrows what counts for it).
    public var isSandboxed: Bool { flatpakID != nil || portalAppID != nil }
}
