extension AppIdentity {
    /// Whether any of ``identifiers`` satisfies `predicate`, without building the array: rules are
    /// matched on every activation and for every stream an event weighs, and the array's allocation
    /// cost more than the comparisons.
    func anyIdentifier(_ predicate: (String) -> Bool) -> Bool {
        if let applicationID, predicate(applicationID) { return true }
        if let processBinary, predicate(processBinary) { return true }
        if let flatpakID, predicate(flatpakID) { return true }
        if let portalAppID, predicate(portalAppID) { return true }
        return false
    }

    /// Whether the app has no identifier a rule could match.
    var hasNoIdentifiers: Bool {
        applicationID == nil && processBinary == nil && flatpakID == nil && portalAppID == nil
    }
}
