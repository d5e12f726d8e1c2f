import SoundServer

/// The user's values a new stream takes over from a sibling the agent is silencing or ducking:
/// while the agent holds a stream of a role muted or lowered, the server's restore database may
/// hand the same mute or volume to the next stream of that role, and that stream must not keep
/// the agent's values as if they were the user's.
struct InheritedBase: Equatable {
    /// Whether the user had the role muted before the agent silenced the sibling; `nil` when no
    /// sibling is silenced.
    var isMuted: Bool?
    /// The user's volume of the sibling before the agent ducked it; `nil` when none is ducked.
    var volume: StreamVolume?
    /// The level the sibling is being ducked to; `nil` once the user took it over.
    var duckLevel: Double?

    /// Whether no sibling held anything of the agent's.
    var isEmpty: Bool { isMuted == nil && volume == nil }

    /// Only what can have leaked into `stream`: the agent's mute (the stream is muted, the user had
    /// not muted the role) and a ducked volume (between the duck's level and the user's). A stream
    /// the server started otherwise, say at 100 % with no restore database, keeps its own values.
    func leaked(into stream: SoundStream) -> InheritedBase {
        var leaked = InheritedBase()
        if isMuted == false, stream.isMuted { leaked.isMuted = false }
        if let volume, let duckLevel, stream.hasVolume {
            let read = StreamVolume(stream.volume)
            let lowest = volume.scaled(byAmplitude: duckLevel)
            let withinDuck = zip(read.channels, zip(lowest.channels, volume.channels)).allSatisfy { value, bounds in
                value + StreamVolume.roundingTolerance >= bounds.0 && value < bounds.1
            }
            if read.channels.count == volume.channels.count, withinDuck { leaked.volume = volume }
        }
        return leaked
    }
}
