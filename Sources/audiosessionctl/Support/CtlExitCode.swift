/// The exit codes the commands share (sysexits.h values, so scripts can tell the cases apart).
enum CtlExitCode {
    /// A command line the tool refuses: an unknown name, an invalid combination, a missing command.
    static let usage: Int32 = 64
    /// `app set`: the policy with the entry would not load, or the agent refused it.
    static let dataError: Int32 = 65
    /// The agent is not running, or the session bus cannot be reached.
    static let unavailable: Int32 = 69
    /// The agent answered with an error the tool does not expect.
    static let software: Int32 = 70
    /// `run`: the agent refused to activate the session (a higher-ranked session holds the audio).
    static let activationRefused: Int32 = 75
    /// `run`: the command could not be executed (found but not executable).
    static let commandNotExecutable: Int32 = 126
    /// `run`: the command was not found.
    static let commandNotFound: Int32 = 127
}
