import PulseBackend
import SoundServer

extension PulseRestoreRepair {
    /// The repair one stream's journal entries describe: its restore-entry name with the user's
    /// volume, mute state and device the agent changed; `nil` when the journal names no entry or
    /// holds nothing of the user's to write.
    ///
    /// ```swift
    /// PulseRestoreRepair(journalled: [.restoreEntry(7, name: "sink-input-by-media-role:music"), .silence(7, by: .mute(wasMuted: false))])
    /// // the music entry, unmuted
    /// ```
    init?(journalled restores: [PendingRestore]) {
        var name: String?
        var volume: StreamVolume?
        var muted: Bool?
        var device: String?
        for restore in restores {
            switch restore {
            case .restoreEntry(_, let entry): name = entry
            case .volume(_, .streamVolume(let base), _): volume = base
            case .silence(_, .mute(let wasMuted)): muted = wasMuted
            case .device(_, let original): device = original
            // A node's factor and Pause are not kept in a stream-restore entry.
            case .volume(_, .nodeFactor, _), .silence(_, .pause), .module, .cardProfile, .process, .clockSetting: break
            }
        }
        guard let name, volume != nil || muted != nil || device != nil else { return nil }
        let channels = volume?.channels.count ?? 2
        self.init(
            name: name, channelMap: ChannelMap(channels == 1 ? [.mono] : [.frontLeft, .frontRight]),
            volume: volume.map(ChannelVolumes.init), isMuted: muted, deviceName: device)
    }
}
