import PulseBackend
import SoundServer

/// A repair of a restore-database entry and the values it gives back, in the shape both protocols
/// hand over and remember (``OwedStreamValues``).
extension PulseRestoreRepair {
    /// The repair that writes what `entry` is owed: the user's stream volume, mute state and
    /// device; `nil` when it is owed none of them (a node's factor is no stream-restore value).
    /// Without `channelMap` (a journal's or a lost server's values) the volume's channel count
    /// tells a mono entry from a stereo one.
    ///
    /// ```swift
    /// PulseRestoreRepair(entry: "sink-input-by-media-role:music", owed: OwedStreamValues(unmute: true))
    /// // the music entry, unmuted
    /// ```
    init?(entry: String, owed: OwedStreamValues, channelMap: ChannelMap? = nil) {
        guard owed.volume != nil || owed.userMute != nil || owed.device != nil else { return nil }
        let channels = owed.volume?.channels.count ?? 2
        self.init(
            name: entry, channelMap: channelMap ?? ChannelMap(channels == 1 ? [.mono] : [.frontLeft, .frontRight]),
            volume: owed.volume.map(ChannelVolumes.init), isMuted: owed.userMute, deviceName: owed.device)
    }

    /// The values this repair gives its entry.
    var owed: OwedStreamValues {
        OwedStreamValues(level: volume.map { .streamVolume(StreamVolume($0)) }, userMute: isMuted, device: deviceName)
    }
}
