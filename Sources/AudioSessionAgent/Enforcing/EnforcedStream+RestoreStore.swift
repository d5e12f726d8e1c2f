import SoundServer

/// The stream's place in each protocol's restore store, which saves what the agent wrote.
extension EnforcedStream {
    /// The volume to write back into the restore database, or `nil` while the server has given the
    /// stream none yet: pipewire-pulse announces a stream before WirePlumber links it, and a first
    /// snapshot without a device or volume is no user's level (written back, it zeroed the entry,
    /// and WirePlumber then applied 0 % to the live stream).
    var repairVolume: ChannelVolumes? {
        if let base = duck?.base.streamVolume { return ChannelVolumes(base) }
        guard last.deviceIndex != nil, !last.volume.isEmpty else { return nil }
        return last.volume
    }

    /// The node's WirePlumber restore key (`Output/Audio:media.role:Music`), if it has one.
    var restoreKey: WirePlumberRestoreKey? { WirePlumberRestoreKey(last.properties) }
}
