import AudioPolicy
import SoundServer

/// A request for a stream's player (pause, resume, release) that the pulse enforcer hands to its
/// ``StreamPauser`` at the loop's next turn, once the mute it goes with has left for the server.
///
/// Handing it over wakes another thread; done before the loop writes the mute, that thread took
/// the core from the loop thread on a busy machine and the mute waited for it.
///
/// ```swift
/// enforcer.askPlayer(.pause(stream, ofProcess: 4242, because: .interruption))   // mute first, pause after
/// ```
enum PlayerRequest {
    case pause(SoundStream, ofProcess: Int32?, because: SilenceCause)
    case resume(SoundStream)
    case release(SoundStream)

    /// The pause a silence asks of the stream's player, or `nil` for none: an app that muted its
    /// own input records on, muted; and a stream of the very process that registered its session
    /// is not paused over MPRIS, since its app hears the interruption from its session and a
    /// remote Pause on top would read as the user's.
    static func pause(for stream: SoundStream, in graph: Graph, cause: SilenceCause, sessionProcess: Int32?) -> PlayerRequest? {
        guard cause != .inputMuted else { return nil }
        let process = StreamAppIdentity.processID(of: stream, in: graph)
        guard process == nil || process != sessionProcess else { return nil }
        return .pause(stream, ofProcess: process, because: cause)
    }

    /// Hands the request to `pauser`.
    func send(to pauser: any StreamPauser) {
        switch self {
        case .pause(let stream, let processID, let cause): pauser.pause(stream, ofProcess: processID, because: cause)
        case .resume(let stream): pauser.resume(stream)
        case .release(let stream): pauser.release(stream)
        }
    }
}
