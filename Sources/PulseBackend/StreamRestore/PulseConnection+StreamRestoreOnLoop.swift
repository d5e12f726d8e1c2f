internal import CPulse
import SoundServer
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension PulseConnection {
    /// Reads the stream-restore database without waiting: `completion` runs on the loop thread.
    /// The form of ``streamRestoreEntries()`` for a mirror's handler or a timer's action.
    ///
    /// ```swift
    /// connection.readStreamRestoreEntries { result in
    ///     if case .failure(let error) = result, error.code == .noExtension { /* no module-stream-restore */ }
    /// }
    /// ```
    ///
    /// The corresponding PulseAudio call is `pa_ext_stream_restore_read`.
    public func readStreamRestoreEntries(completion: @escaping @Sendable (Result<[StreamRestoreEntry], PulseError>) -> Void) {
        request("pa_ext_stream_restore_read", completion) {
            pa_ext_stream_restore_read($0, OperationCallbacks.streamRestoreEntry, $1)
        }
    }

    /// Writes stream-restore entries without waiting: the form of
    /// ``writeStreamRestoreEntries(_:mode:applyImmediately:)`` for the loop thread.
    ///
    /// ```swift
    /// connection.submitStreamRestoreWrite([repaired], mode: .replace) { _ in }
    /// ```
    ///
    /// The corresponding PulseAudio call is `pa_ext_stream_restore_write`.
    public func submitStreamRestoreWrite(
        _ entries: [StreamRestoreEntry], mode: StreamRestoreEntry.WriteMode, applyImmediately: Bool = false,
        completion: @escaping @Sendable (Result<Void, PulseError>) -> Void
    ) {
        // libpulse copies the entries into its request during the call: the C strings only need
        // to live until it returns.
        var strings: [UnsafeMutablePointer<CChar>?] = []
        defer { for string in strings { free(string) } }
        let infos = entries.map { entry -> pa_ext_stream_restore_info in
            let name = strdup(entry.name)
            let device = entry.deviceName.flatMap { strdup($0) }
            strings += [name, device]
            return pa_ext_stream_restore_info(
                name: name, channel_map: PulseValues.cChannelMap(entry.channelMap),
                volume: PulseValues.cvolume(entry.volume ?? ChannelVolumes([])), device: device, mute: entry.isMuted ? 1 : 0)
        }
        request("pa_ext_stream_restore_write", completion) { context, userdata in
            infos.withUnsafeBufferPointer { buffer in
                pa_ext_stream_restore_write(
                    context, mode.pulse, buffer.baseAddress, UInt32(buffer.count), applyImmediately ? 1 : 0,
                    OperationCallbacks.success, userdata)
            }
        }
    }
}
