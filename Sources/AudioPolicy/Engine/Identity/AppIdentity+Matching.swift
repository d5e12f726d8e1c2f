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

    /// The nearest ancestor's binary that satisfies `predicate` with evidence the rule accepts: for
    /// rules that also take what the apps they name start. Never for a sandboxed app (its
    /// ancestors are its sandbox's, and only verified ids count for it).
    func ancestorMatch(accepting accepted: Set<IdentityEvidence>, _ predicate: (String) -> Bool) -> IdentityMatch? {
        guard !isSandboxed, accepted.contains(evidence.ancestorBinaries), let found = ancestorBinaries.first(where: predicate)
        else { return nil }
        return IdentityMatch(identifier: found, field: .ancestorBinary, evidence: evidence.ancestorBinaries)
    }

    /// Whether the app has no identifier a rule could match.
    var hasNoIdentifiers: Bool {
        applicationID == nil && processBinary == nil && flatpakID == nil && portalAppID == nil && ancestorBinaries.isEmpty
    }
}
