/// What is playing, as the desktop shows it (MPRIS `Metadata`): the counterpart of
/// MPNowPlayingInfoCenter's `nowPlayingInfo` dictionary, with named fields.
///
/// ```swift
/// center.nowPlayingInfo = NowPlayingInfo(title: "Clair de lune", artist: "Debussy", duration: .seconds(300))
/// ```
public struct NowPlayingInfo: Hashable, Sendable {
    /// The track's title (`xesam:title`; MPMediaItemPropertyTitle).
    ///
    /// ```swift
    /// info.title = "Clair de lune"
    /// ```
    public var title: String?
    /// Its artist (`xesam:artist`; MPMediaItemPropertyArtist).
    ///
    /// ```swift
    /// info.artist = "Debussy"
    /// ```
    public var artist: String?
    /// Its album (`xesam:album`; MPMediaItemPropertyAlbumTitle).
    ///
    /// ```swift
    /// info.album = "Suite bergamasque"
    /// ```
    public var album: String?
    /// Its length (`mpris:length`; MPMediaItemPropertyPlaybackDuration), when known. Positions
    /// past it are clamped to it.
    ///
    /// ```swift
    /// info.duration = player.duration
    /// ```
    public var duration: Duration?

    /// Information about one track; every field may be left out.
    ///
    /// ```swift
    /// center.nowPlayingInfo = NowPlayingInfo(title: "Episode 12", duration: .seconds(1_800))
    /// ```
    public init(title: String? = nil, artist: String? = nil, album: String? = nil, duration: Duration? = nil) {
        self.title = title
        self.artist = artist
        self.album = album
        self.duration = duration
    }

    /// Whether `other` describes another track (another title, artist or album), so it gets a
    /// new MPRIS track id; a new duration alone keeps the track.
    func isAnotherTrack(than other: NowPlayingInfo?) -> Bool {
        guard let other else { return true }
        return title != other.title || artist != other.artist || album != other.album
    }
}
