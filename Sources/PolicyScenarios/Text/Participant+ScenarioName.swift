public import AudioPolicy

extension Participant {
    /// The participant's name in the scenario file: sessions and streams share one namespace there.
    ///
    /// ```swift
    /// Participant.session("phone").scenarioName  // "phone"
    /// ```
    public var scenarioName: String {
        switch self {
        case .session(let id): id.rawValue
        case .stream(let id): id.rawValue
        }
    }
}
