extension AppIdentity {
    /// The first id, in ``identifiers`` order, that satisfies `predicate` with evidence the rule
    /// accepts; for a sandboxed app only verified ids count, whatever the rule accepts.
    ///
    /// Builds no array: rules are matched on every activation and for every stream an event
    /// weighs, and the allocation cost more than the comparisons.
    func firstMatch(accepting accepted: Set<IdentityEvidence>, _ predicate: (String) -> Bool) -> IdentityMatch? {
        let sandboxed = isSandboxed
        func check(_ id: String?, _ field: IdentityMatch.Field, _ level: IdentityEvidence) -> IdentityMatch? {
            guard let id, accepted.contains(level), !sandboxed || level == .verified, predicate(id) else { return nil }
            return IdentityMatch(identifier: id, field: field, evidence: level)
        }
        return check(applicationID, .applicationID, evidence.applicationID)
            ?? check(processBinary, .processBinary, evidence.processBinary)
            ?? check(flatpakID, .flatpakID, evidence.flatpakID)
            ?? check(portalAppID, .portalAppID, evidence.portalAppID)
    }

    /// Whether the app has no identifier a rule could match.
    var hasNoIdentifiers: Bool {
        applicationID == nil && processBinary == nil && flatpakID == nil && portalAppID == nil
    }
}
