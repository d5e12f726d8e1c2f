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

    /// Hands the request to `pauser`.
    func send(to pauser: any StreamPauser) {
        switch self {
        case .pause(let stream, let processID, let cause): pauser.pause(stream, ofProcess: processID, because: cause)
        case .resume(let stream): pauser.resume(stream)
        case .release(let stream): pauser.release(stream)
        }
    }
}
