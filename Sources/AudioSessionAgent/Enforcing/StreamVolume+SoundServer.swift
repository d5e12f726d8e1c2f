import SoundServer

extension StreamVolume {
    /// The server's integer volumes of `volumes` (100 % is ``StreamVolume/normal``).
    init(_ volumes: ChannelVolumes) {
        self.init(volumes.map { volume in
            let raw = (volume.level * Double(StreamVolume.normal)).rounded()
            return raw >= Double(StreamVolume.maximum) ? StreamVolume.maximum : UInt32(max(0, raw))
        })
    }
}

extension ChannelVolumes {
    /// The graph's volumes for the server's integer volumes.
    init(_ volume: StreamVolume) {
        self.init(volume.channels.map { Volume(level: Double($0) / Double(StreamVolume.normal)) })
    }
}
