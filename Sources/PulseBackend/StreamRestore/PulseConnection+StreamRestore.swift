internal import CPulse
import SoundServer
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension PulseConnection {
    /// Every entry of the server's stream-restore database.
    ///
    /// ```swift
    /// let music = try await connection.streamRestoreEntries().first { $0.name == "sink-input-by-media-role:music" }
    /// ```
    ///
    /// - Throws: ``PulseError`` with ``PulseError/Code/noExtension`` when module-stream-restore is
    ///   not loaded.
    ///
    /// The corresponding PulseAudio call is `pa_ext_stream_restore_read`.
    public func streamRestoreEntries() async throws(PulseError) -> [StreamRestoreEntry] {
        try await awaiting { done in
            request("pa_ext_stream_restore_read", done) { pa_ext_stream_restore_read($0, OperationCallbacks.streamRestoreEntry, $1) }
        }
    }

    /// Writes entries into the stream-restore database: how the agent repairs a volume, mute or
    /// device the server saved while a stream was ducked, silenced or moved.
    ///
    /// ```swift
    /// let repaired = StreamRestoreEntry(
    ///     name: "sink-input-by-media-role:music", channelMap: ChannelMap([.frontLeft, .frontRight]),
    ///     volume: ChannelVolumes(repeating: .normal, count: 2))
    /// try await connection.writeStreamRestoreEntries([repaired], mode: .replace)
    /// ```
    ///
    /// - Parameters:
    ///   - mode: ``StreamRestoreEntry/WriteMode/replace`` overwrites same-named entries (the
    ///     repair); ``StreamRestoreEntry/WriteMode/merge`` only adds entries with new names;
    ///     ``StreamRestoreEntry/WriteMode/set`` replaces the whole database.
    ///   - applyImmediately: Whether running streams that match take the written state now.
    ///
    /// The corresponding PulseAudio call is `pa_ext_stream_restore_write`.
    public func writeStreamRestoreEntries(
        _ entries: [StreamRestoreEntry], mode: StreamRestoreEntry.WriteMode, applyImmediately: Bool = false
    ) async throws(PulseError) {
        try await awaiting { (done: @escaping @Sendable (Result<Void, PulseError>) -> Void) in
            // libpulse copies the entries into its request during the call: the C strings only
            // need to live until it returns.
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
            request("pa_ext_stream_restore_write", done) { context, userdata in
                infos.withUnsafeBufferPointer { buffer in
                    pa_ext_stream_restore_write(
                        context, mode.pulse, buffer.baseAddress, UInt32(buffer.count), applyImmediately ? 1 : 0,
                        OperationCallbacks.success, userdata)
                }
            }
        }
    }

    /// Follows the stream-restore database: each element is the whole database after a change.
    ///
    /// ```swift
    /// for await entries in try await connection.streamRestoreChanges() {
    ///     print(entries.map(\.name))
    /// }
    /// ```
    ///
    /// The corresponding PulseAudio calls are `pa_ext_stream_restore_subscribe` and
    /// `pa_ext_stream_restore_set_subscribe_cb`, then `pa_ext_stream_restore_read` per change.
    public func streamRestoreChanges() async throws(PulseError) -> StreamRestoreChanges {
        let (stream, continuation) = AsyncStream<[StreamRestoreEntry]>.makeStream(bufferingPolicy: .unbounded)
        let ended = core.withLoopLocked { loop in loop.addTerminationListener { _ in continuation.finish() } }
        let follower: PulseStreamRestoreFollower
        do throws(PulseError) {
            follower = try await PulseStreamRestoreFollower.start(on: self) { [weak self] in
                self?.readStreamRestoreEntries { result in
                    if case .success(let entries) = result { continuation.yield(entries) }
                }
            }
        } catch {
            core.withLoopLocked { loop in loop.removeListener(ended) }
            continuation.finish()
            throw error
        }
        continuation.onTermination = { [weak self] _ in
            follower.stop()
            self?.core.withLoopLocked { loop in loop.removeListener(ended) }
        }
        return StreamRestoreChanges(base: stream)
    }
}
