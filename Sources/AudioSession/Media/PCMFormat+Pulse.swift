import AudioFile
import PulseBackend

extension PCMFormat {
    /// The stream spec that carries this PCM unchanged.
    var pulseSpec: PulseSampleSpec {
        let format: PulseSampleSpec.Format =
            switch encoding {
            case .int16: .s16le
            case .int32: .s32le
            case .float32: .float32le
            }
        return PulseSampleSpec(format: format, rate: sampleRate, channels: channels)
    }
}

extension AudioSession {
    /// The session's connection to the sound server, for the player's and recorder's streams.
    func mediaConnection() async throws(AudioMediaError) -> PulseConnection {
        await waitUntilReady()
        guard let connection = core.server.connection, connection.isConnected else {
            throw AudioMediaError(code: .soundServerUnavailable, message: "the session has no connection to the sound server")
        }
        return connection
    }
}
