internal import AudioSessionBus

/// The MPRIS names the pauser uses (MPRIS 2.2).
enum MprisNames {
    /// Every player owns a bus name under this prefix (`org.mpris.MediaPlayer2.mpv`).
    static let busNamePrefix = "org.mpris.MediaPlayer2."
    static let objectPath: BusObjectPath = "/org/mpris/MediaPlayer2"
    static let playerInterface = "org.mpris.MediaPlayer2.Player"
    static let propertiesInterface = "org.freedesktop.DBus.Properties"
    static let playbackStatus = "PlaybackStatus"

    /// Whether `name` is a player's well-known name.
    static func isPlayerName(_ name: String) -> Bool {
        name.hasPrefix(busNamePrefix) && name.count > busNamePrefix.count
    }
}
