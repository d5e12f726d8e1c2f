internal import CPulse
import SoundServer

extension StreamRestoreEntry {
    init(pulse info: pa_ext_stream_restore_info) {
        let volumes = PulseValues.volumes(info.volume)
        self.init(
            name: PulseValues.string(info.name) ?? "", channelMap: PulseValues.channelMap(info.channel_map),
            volume: volumes.isEmpty ? nil : volumes, deviceName: PulseValues.string(info.device), isMuted: info.mute != 0)
    }
}

extension StreamRestoreEntry.WriteMode {
    var pulse: pa_update_mode_t {
        switch self {
        case .set: PA_UPDATE_SET
        case .merge: PA_UPDATE_MERGE
        case .replace: PA_UPDATE_REPLACE
        }
    }
}
