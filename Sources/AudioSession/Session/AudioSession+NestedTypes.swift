public import AudioSessionModel

// AVAudioSession nests its types (`AVAudioSession.Category`), and a porter writes
// `AudioSession.Category`. The module and the class share the name `AudioSession`, so
// `AudioSession.X` always means the class's member `X`: the session's own types (`Interruption`,
// `RouteChange`, the open lists `Category`, `Mode`, `Port`, `InterruptionReason`,
// `RouteChangeReason` (Naming/), `PortDescription`, `RouteDescription` (Route/)) are nested in the
// class, and the model's option sets are reachable through the aliases below. The top-level
// names stay the model's, so code written against them still compiles.
extension AudioSession {
    /// How the category behaves with others: `AudioSessionModel.CategoryOptions`.
    public typealias CategoryOptions = AudioSessionModel.CategoryOptions
    /// Options of ``AudioSession/setActive(_:options:)``: `AudioSessionModel.ActivationOptions`.
    public typealias SetActiveOptions = AudioSessionModel.ActivationOptions
    /// Options of an interruption's end: `AudioSessionModel.InterruptionOptions`.
    public typealias InterruptionOptions = AudioSessionModel.InterruptionOptions
    /// Began or ended: `AudioSessionModel.InterruptionType`.
    public typealias InterruptionType = AudioSessionModel.InterruptionType
}
