public import AudioPolicy

extension BusCaller {
    /// How far the identity of a session this caller registers can be trusted: its binary and
    /// Flatpak app id come from the bus and `/proc` (verified); its application id is only what it
    /// declared to `RegisterSession`.
    ///
    /// ```swift
    /// let app = AppIdentity(applicationID: "orca", processBinary: caller.processBinary, evidence: caller.evidence)
    /// // an [[app]] rule for "orca" accepting the default levels does not match the declared id
    /// ```
    public var evidence: AppIdentity.Evidence {
        AppIdentity.Evidence(
            applicationID: .declared, processBinary: .verified, flatpakID: .verified, portalAppID: .verified,
            processID: .verified)
    }

    /// Whether the caller runs in a Flatpak sandbox, as its process's `.flatpak-info` says.
    public var isSandboxed: Bool { flatpakID.map { !$0.isEmpty } ?? false }
}
