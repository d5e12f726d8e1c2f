import SoundServer

/// On the pulse protocol the restore entry's volume and mute are the stream's own, shared with the
/// user's slider: only what the agent can have left there is owed back.
extension OwedStreamValues {
    /// Only what can have leaked into `stream`: the agent's mute (the stream is muted, the user had
    /// not muted the role) and a ducked volume (between the duck's level and the user's). A stream
    /// the server started otherwise, say at 100 % with no restore database, keeps its own values.
    func leaked(into stream: SoundStream) -> OwedStreamValues {
        var leaked = OwedStreamValues()
        leaked.unmute = unmute && stream.isMuted
        if let volume = level?.streamVolume, let duckLevel, stream.hasVolume {
            let read = StreamVolume(stream.volume)
            let lowest = volume.scaled(byAmplitude: duckLevel)
            let withinDuck = zip(read.channels, zip(lowest.channels, volume.channels)).allSatisfy { value, bounds in
                value + StreamVolume.roundingTolerance >= bounds.0 && value < bounds.1
            }
            if read.channels.count == volume.channels.count, withinDuck {
                leaked.level = .streamVolume(volume)
                leaked.duckLevel = duckLevel
            }
        }
        return leaked
    }
}
