import PulseBackend

/// What a ``PlayerCore`` plays: the PCM its stream pulls, and how to start that PCM over when the
/// player stops (a file rewinds; a stream's queue empties).
protocol PlayerSource: PulsePlaybackSource {
    /// Back to the state of a player that has not played: called by ``PlayerCore/stop()`` and
    /// when the server killed the stream.
    func rewind()
}
