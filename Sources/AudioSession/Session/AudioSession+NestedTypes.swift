public import AudioSessionModel

// AVAudioSession nests its types (`AVAudioSession.Category`), and a porter writes
// `AudioSession.Category`. The module and the class share the name `AudioSession`, so
// `AudioSession.X` always means the class's member `X`: the session's own types (`Interruption`,
// `RouteChange`, ...) are nested in the class with top-level aliases, and the model's types are
// reachable through the aliases below. The top-level names stay, so code written against them
// still compiles.
extension AudioSession {
    /// What the app's audio is: `AudioSessionModel.Category`.
    ///
    /// ```swift
    /// try session.setCategory(AudioSession.Category.playAndRecord, mode: .voiceChat)
    /// ```
    public typealias Category = AudioSessionModel.Category
    /// A specialisation of the category: `AudioSessionModel.Mode`.
    public typealias Mode = AudioSessionModel.Mode
    /// How the category behaves with others: `AudioSessionModel.CategoryOptions`.
    public typealias CategoryOptions = AudioSessionModel.CategoryOptions
    /// Options of ``AudioSession/setActive(_:options:)``: `AudioSessionModel.ActivationOptions`.
    public typealias SetActiveOptions = AudioSessionModel.ActivationOptions
    /// Options of an interruption's end: `AudioSessionModel.InterruptionOptions`.
    public typealias InterruptionOptions = AudioSessionModel.InterruptionOptions
    /// Why an interruption began: `AudioSessionModel.InterruptionReason`.
    public typealias InterruptionReason = AudioSessionModel.InterruptionReason
    /// Began or ended: `AudioSessionModel.InterruptionType`.
    public typealias InterruptionType = AudioSessionModel.InterruptionType
    /// Why the route changed: `AudioSessionModel.RouteChangeReason`.
    public typealias RouteChangeReason = AudioSessionModel.RouteChangeReason
    /// What kind of device a port is: `AudioSessionModel.PortType`.
    public typealias Port = AudioSessionModel.PortType
}
