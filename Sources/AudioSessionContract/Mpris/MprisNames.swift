public import AudioSessionBus

/// The MPRIS 2.2 names (the desktop's media-player interface) that the agent's pauser calls and
/// the library's `RemoteCommandCenter` serves.
///
/// ```swift
/// let (status) = try await bus.call(
///     destination: owner, path: MprisNames.objectPath, interface: MprisNames.propertiesInterface,
///     method: "Get", arguments: [.string(MprisNames.playerInterface), .string(MprisNames.playbackStatus)]
/// ).decode(BusVariant.self)
/// ```
public enum MprisNames {
    /// Every player owns a bus name under this prefix (`org.mpris.MediaPlayer2.mpv`).
    public static let busNamePrefix = "org.mpris.MediaPlayer2."
    /// The one object a player exports.
    public static let objectPath: BusObjectPath = "/org/mpris/MediaPlayer2"
    /// The root interface: the player's identity and what it can do as an application.
    public static let rootInterface = "org.mpris.MediaPlayer2"
    /// The playback interface: commands, status, metadata, position.
    public static let playerInterface = "org.mpris.MediaPlayer2.Player"
    /// The standard properties interface players serve their properties through.
    public static let propertiesInterface = "org.freedesktop.DBus.Properties"
    /// The playback interface's status property (``MprisPlaybackStatus``).
    public static let playbackStatus = "PlaybackStatus"
    /// The track id MPRIS reserves for "no track".
    public static let noTrack: BusObjectPath = "/org/mpris/MediaPlayer2/TrackList/NoTrack"

    /// Whether `name` is a player's well-known name.
    ///
    /// ```swift
    /// MprisNames.isPlayerName("org.mpris.MediaPlayer2.mpv")   // true
    /// ```
    public static func isPlayerName(_ name: String) -> Bool {
        name.hasPrefix(busNamePrefix) && name.count > busNamePrefix.count
    }
}
