import AudioSessionBus
import AudioSessionContract

/// What a published player shows on the bus and how it reads incoming MPRIS calls: pure state,
/// read by the bus thread's property getters and changed by the app's setters, so the MPRIS
/// rules are testable without a bus.
struct MprisPlayerState: Sendable {
    var playbackState: NowPlayingPlaybackState = .stopped
    var enabledCommands: RemoteCommandSet = .playback
    private(set) var info: NowPlayingInfo?
    /// Counts the tracks announced so far; the current track's MPRIS id is made from it.
    private(set) var trackNumber: UInt64 = 0
    /// The position the app last reported and when, so the position runs on while playing.
    private var anchor: (elapsed: Duration, at: ContinuousClock.Instant) = (.zero, ContinuousClock.now)

    // MARK: What the app reports

    /// Sets what is playing; a different title, artist or album is a new track with a new id.
    mutating func setInfo(_ newInfo: NowPlayingInfo?) {
        if let newInfo, newInfo.isAnotherTrack(than: info) { trackNumber += 1 }
        info = newInfo
    }

    /// Sets the playback state; the position stops or runs on from where it is now.
    mutating func setPlaybackState(_ state: NowPlayingPlaybackState, now: ContinuousClock.Instant) {
        anchor = (position(at: now), now)
        playbackState = state
    }

    /// Sets the position (the app jumped there, or counts time itself).
    mutating func setPosition(_ elapsed: Duration, now: ContinuousClock.Instant) {
        anchor = (max(.zero, elapsed), now)
    }

    /// The position now: the last reported one, plus the time since while playing, at most the
    /// track's duration.
    func position(at now: ContinuousClock.Instant) -> Duration {
        var position = anchor.elapsed
        if playbackState == .playing { position += now - anchor.at }
        if let duration = info?.duration { position = min(position, duration) }
        return max(.zero, position)
    }

    // MARK: What the bus shows

    /// The current track's MPRIS id; ``MprisNames/noTrack`` when nothing is playing.
    var trackID: BusObjectPath {
        guard info != nil, let path = try? BusObjectPath(validating: "/org/audiosession/Track/\(trackNumber)") else {
            return MprisNames.noTrack
        }
        return path
    }

    /// `Metadata` (`a{sv}`): empty without a track, as MPRIS says; otherwise the track id and
    /// the fields the app gave.
    var metadata: BusValue {
        var fields: [BusValue: BusValue] = [:]
        if let info {
            fields[.string("mpris:trackid")] = .variant(.objectPath(trackID))
            if let title = info.title { fields[.string("xesam:title")] = .variant(.string(title)) }
            if let artist = info.artist { fields[.string("xesam:artist")] = .variant(.array(element: .string, [.string(artist)])) }
            if let album = info.album { fields[.string("xesam:album")] = .variant(.string(album)) }
            if let duration = info.duration { fields[.string("mpris:length")] = .variant(.int64(duration.mprisMicroseconds)) }
        }
        return .dictionary(key: .string, value: .variant, fields)
    }

    /// `PlaybackStatus`.
    var status: MprisPlaybackStatus {
        switch playbackState {
        case .playing: .playing
        case .paused: .paused
        case .stopped: .stopped
        }
    }

    /// The names of the player interface's `Can*` properties that follow the enabled commands.
    static let capabilityNames = ["CanPlay", "CanPause", "CanGoNext", "CanGoPrevious", "CanSeek"]

    /// The player interface's `Can*` properties, from the enabled commands.
    var capabilities: [String: BusValue] {
        [
            "CanPlay": .boolean(enabledCommands.contains(.play)),
            "CanPause": .boolean(enabledCommands.contains(.pause)),
            "CanGoNext": .boolean(enabledCommands.contains(.nextTrack)),
            "CanGoPrevious": .boolean(enabledCommands.contains(.previousTrack)),
            "CanSeek": .boolean(enabledCommands.contains(.seek)),
        ]
    }

    // MARK: Incoming calls

    /// The command an MPRIS player method call asks for; `nil` for a call MPRIS says to ignore
    /// silently (a position outside the track, another track's id).
    ///
    /// - Throws: `NotSupported` for a command the app has not enabled, `InvalidArgs` for
    ///   arguments of the wrong type.
    func command(for method: String, arguments: BusArguments) throws(BusError) -> RemoteCommand? {
        switch method {
        case "Play": return try enabled(.play, needs: .play, property: "CanPlay")
        case "Pause": return try enabled(.pause, needs: .pause, property: "CanPause")
        case "PlayPause": return try enabled(.togglePlayPause, needs: .pause, property: "CanPause")
        case "Stop": return try enabled(.stop, needs: .stop, property: nil)
        case "Next": return try enabled(.nextTrack, needs: .nextTrack, property: "CanGoNext")
        case "Previous": return try enabled(.previousTrack, needs: .previousTrack, property: "CanGoPrevious")
        case "Seek":
            let (offset) = try decode(arguments, method) { try $0.decode(Int64.self) }
            return try enabled(.seek(by: .microseconds(offset)), needs: .seek, property: "CanSeek")
        case "SetPosition":
            let (track, position) = try decode(arguments, method) { try $0.decode(BusObjectPath.self, Int64.self) }
            let command = try enabled(.changePlaybackPosition(to: .microseconds(position)), needs: .seek, property: "CanSeek")
            guard info != nil, track == trackID, position >= 0 else { return nil }
            if let duration = info?.duration, position > duration.mprisMicroseconds { return nil }
            return command
        default:
            throw BusError(.unknownMethod, "\(MprisNames.playerInterface) has no method \(method)")
        }
    }

    private func enabled(_ command: RemoteCommand, needs kind: RemoteCommandSet, property: String?) throws(BusError) -> RemoteCommand {
        guard enabledCommands.contains(kind) else {
            let because = property.map { " (\($0) is false)" } ?? ""
            throw BusError(.notSupported, "this player does not take \(command.mprisMethod) now\(because)")
        }
        return command
    }

    private func decode<Value>(
        _ arguments: BusArguments, _ method: String, _ read: (BusArguments) throws -> Value
    ) throws(BusError) -> Value {
        do {
            return try read(arguments)
        } catch {
            let expected = method == "Seek" ? "(x offset in microseconds)" : "(o track id, x position in microseconds)"
            throw BusError(.invalidArgs, "\(method) takes \(expected), got \(arguments.signature.rawValue.isEmpty ? "nothing" : arguments.signature.rawValue)")
        }
    }
}
