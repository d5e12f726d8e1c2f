internal import CPulse
import SoundServer

extension SoundStream {
    init(sinkInput info: pa_sink_input_info) {
        let properties = PulseValues.properties(info.proplist)
        self.init(
            kind: .playback, index: info.index, serial: properties["object.serial"].flatMap { UInt64($0) },
            name: PulseValues.string(info.name) ?? "", clientIndex: PulseValues.index(info.client), deviceIndex: PulseValues.index(info.sink),
            moduleIndex: PulseValues.index(info.owner_module), properties: properties,
            channelMap: PulseValues.channelMap(info.channel_map), volume: PulseValues.volumes(info.volume),
            isMuted: info.mute != 0, isCorked: info.corked != 0, hasVolume: info.has_volume != 0,
            isVolumeWritable: info.volume_writable != 0, resampleMethod: PulseValues.string(info.resample_method))
    }

    init(sourceOutput info: pa_source_output_info) {
        let properties = PulseValues.properties(info.proplist)
        self.init(
            kind: .capture, index: info.index, serial: properties["object.serial"].flatMap { UInt64($0) },
            name: PulseValues.string(info.name) ?? "", clientIndex: PulseValues.index(info.client), deviceIndex: PulseValues.index(info.source),
            moduleIndex: PulseValues.index(info.owner_module), properties: properties,
            channelMap: PulseValues.channelMap(info.channel_map), volume: PulseValues.volumes(info.volume),
            isMuted: info.mute != 0, isCorked: info.corked != 0, hasVolume: info.has_volume != 0,
            isVolumeWritable: info.volume_writable != 0, resampleMethod: PulseValues.string(info.resample_method))
    }
}
