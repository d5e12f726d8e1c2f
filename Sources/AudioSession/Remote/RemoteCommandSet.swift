/// The remote commands a player takes: what it tells the desktop through MPRIS's `CanPlay`,
/// `CanPause`, `CanGoNext`, `CanGoPrevious` and `CanSeek`, as MPRemoteCommand's `isEnabled` does.
/// A command the set leaves out is refused at the bus and never reaches
/// ``RemoteCommandCenter/commands``.
///
/// ```swift
/// center.enabledCommands = [.play, .pause, .nextTrack, .previousTrack, .seek]
/// ```
public struct RemoteCommandSet: OptionSet, Hashable, Sendable {
    /// The set's bits; use the named commands instead.
    public let rawValue: UInt32

    /// A set from its bits, as `OptionSet` requires; use the named commands instead.
    ///
    /// ```swift
    /// let none = RemoteCommandSet(rawValue: 0)   // takes no command
    /// ```
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// ``RemoteCommand/play`` (MPRIS `CanPlay`).
    public static let play = RemoteCommandSet(rawValue: 1 << 0)
    /// ``RemoteCommand/pause`` and ``RemoteCommand/togglePlayPause`` (MPRIS `CanPause`).
    public static let pause = RemoteCommandSet(rawValue: 1 << 1)
    /// ``RemoteCommand/stop``.
    public static let stop = RemoteCommandSet(rawValue: 1 << 2)
    /// ``RemoteCommand/nextTrack`` (MPRIS `CanGoNext`).
    public static let nextTrack = RemoteCommandSet(rawValue: 1 << 3)
    /// ``RemoteCommand/previousTrack`` (MPRIS `CanGoPrevious`).
    public static let previousTrack = RemoteCommandSet(rawValue: 1 << 4)
    /// ``RemoteCommand/seek(by:)`` and ``RemoteCommand/changePlaybackPosition(to:)`` (MPRIS `CanSeek`).
    public static let seek = RemoteCommandSet(rawValue: 1 << 5)

    /// Play, pause and stop: a player of one piece of audio, the default.
    public static let playback: RemoteCommandSet = [.play, .pause, .stop]
    /// Every command.
    public static let all: RemoteCommandSet = [.play, .pause, .stop, .nextTrack, .previousTrack, .seek]
}
