/// How long a measurement runs: for a time (at least two cycles), or for a fixed number of cycles,
/// which makes instruction counts under callgrind comparable between builds.
enum MeasuringBudget {
    case milliseconds(Int)
    case cycles(Int)

    func isSpent(elapsed: Duration, cycles done: Int) -> Bool {
        switch self {
        case .milliseconds(let milliseconds): done >= 2 && elapsed >= .milliseconds(milliseconds)
        case .cycles(let count): done >= count
        }
    }
}
