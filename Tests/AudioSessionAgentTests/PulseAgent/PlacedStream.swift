import AudioPolicy
import AudioSessionTesting

/// A scenario stream as the world made it on a real server: where it is and what made it.
struct PlacedStream {
    /// The real client or module behind the stream.
    enum Maker {
        /// A process whose stream cannot be corked from outside (paplay, parec).
        case process(ChildProcess)
        /// mpv with mpv-mpris: MPRIS Pause and Play on the private bus cork and uncork its stream.
        case player(ChildProcess, mpris: String)
        /// The peak meter: SIGUSR1 corks, SIGUSR2 uncorks.
        case meter(ChildProcess)
        /// A server module loaded with pactl (loopback, echo-cancel, a filter sink).
        case module(index: Int)
    }

    var direction: ServerStreamRow.Direction
    var index: Int
    var id: StreamID
    var maker: Maker

    /// The process to end when the world stops, if a process made the stream.
    var process: ChildProcess? {
        switch maker {
        case .process(let child), .player(let child, _), .meter(let child): child
        case .module: nil
        }
    }
}
