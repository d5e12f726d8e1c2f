/// A soak check that failed: what was checked, what was found, and how to replay the run.
struct SoakFailure: Error, CustomStringConvertible {
    var check: String
    var detail: String
    var round: Int
    var settings: SoakSettings

    var description: String {
        "soak FAILED in round \(round) on \(settings.setup.shortName), seed \(settings.seed): \(check): \(detail)\n"
            + "replay: \(settings.replay)"
    }
}
