import AudioSessionBus
import AudioSessionContract

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Publishes the app as a media player on the desktop (MPRIS) and delivers what media keys,
/// headset buttons, the shell's media controls and `playerctl` ask of it: MPRemoteCommandCenter
/// and MPNowPlayingInfoCenter in one, as MPRIS has one object for both.
///
/// The center owns the bus name `org.mpris.MediaPlayer2.<playerName>` (or, when another process
/// has it, `org.mpris.MediaPlayer2.<playerName>.instance<PID>`, as MPRIS says for a second
/// instance) and serves the object `/org/mpris/MediaPlayer2` with the `org.mpris.MediaPlayer2`
/// and `org.mpris.MediaPlayer2.Player` interfaces. The app reports what it plays
/// (``nowPlayingInfo``), whether it plays (``playbackState``) and where (``elapsedTime``); every
/// change is announced with `PropertiesChanged` (a jump with `Seeked`). Commands arrive in
/// ``commands``; only those in ``enabledCommands`` are taken.
///
/// The policy agent pauses MPRIS players whose audio it silences (a call starts) and plays them
/// again after: an app whose audio the agent knows only by its process (audio not opened
/// through an ``AudioSession``) is paused that way too, through this center, when it carries
/// out ``RemoteCommand/pause`` and ``RemoteCommand/play`` and reports its state.
///
/// ```swift
/// let center = try await RemoteCommandCenter(playerName: "musicplayer", identity: "Music Player",
///                                            desktopEntry: "org.example.MusicPlayer")
/// center.nowPlayingInfo = NowPlayingInfo(title: "Clair de lune", artist: "Debussy", duration: .seconds(300))
/// center.playbackState = .playing
/// for await command in center.commands {
///     switch command {
///     case .togglePlayPause where center.playbackState == .playing, .pause:
///         await player.pause()
///         center.playbackState = .paused
///     case .play, .togglePlayPause:
///         try await player.play()
///         center.playbackState = .playing
///     default: break
///     }
/// }
/// ```
///
/// Closing the center, or releasing it, gives the name back; the player disappears from the
/// desktop (`playerctl --list-all` no longer lists it).
public final class RemoteCommandCenter: Sendable {
    let core: MprisPlayerCore
    let connection: BusConnection
    /// The well-known name the center owns, e.g. `org.mpris.MediaPlayer2.musicplayer`.
    ///
    /// ```swift
    /// print(center.busName)   // org.mpris.MediaPlayer2.musicplayer
    /// ```
    public let busName: String

    /// Publishes a player on the session bus and returns once it owns its name: from then on
    /// the desktop lists it and sends it commands.
    ///
    /// - Parameters:
    ///   - playerName: The last part of the bus name, one word such as `musicplayer` (letters,
    ///     digits, `_` and `-`, not starting with a digit); `playerctl --player=musicplayer` finds it.
    ///   - identity: The name people see (MPRIS `Identity`), such as `Music Player`.
    ///   - desktopEntry: The app's desktop file id without `.desktop` (MPRIS `DesktopEntry`), for
    ///     the shell's icon; `nil` leaves the property out.
    ///   - busAddress: The session bus; `nil` means `DBUS_SESSION_BUS_ADDRESS`.
    ///
    /// ```swift
    /// let center = try await RemoteCommandCenter(playerName: "musicplayer", identity: "Music Player")
    /// print(center.busName)   // org.mpris.MediaPlayer2.musicplayer
    /// ```
    ///
    /// - Throws: ``RemoteCommandCenterError``: ``RemoteCommandCenterError/Code/invalidPlayerName``
    ///   for a name that cannot be part of a bus name, ``RemoteCommandCenterError/Code/busUnavailable``
    ///   when no session bus can be reached, ``RemoteCommandCenterError/Code/nameUnavailable``
    ///   when the bus gives none of the names asked for.
    public init(playerName: String, identity: String, desktopEntry: String? = nil, busAddress: String? = nil) async throws {
        try Self.validate(playerName: playerName)
        let core = MprisPlayerCore(identity: identity.isEmpty ? playerName : identity, desktopEntry: desktopEntry)
        let connection = try Self.connect(to: busAddress)
        do {
            try Self.export(core, on: connection)
            busName = try await Self.requestName(for: playerName, on: connection)
        } catch {
            connection.close()
            throw error
        }
        self.core = core
        self.connection = connection
    }

    /// Gives the bus name back and ends every ``commands`` sequence. Safe to call more than
    /// once; releasing the center does the same.
    ///
    /// ```swift
    /// center.close()
    /// ```
    public func close() {
        connection.close()
        core.commands.finish()
    }

    deinit { close() }

    /// The commands the desktop sends, from this access on; see ``RemoteCommands``. A command
    /// that arrives while no sequence is subscribed is refused at the bus (the sender learns
    /// that nothing happened), so subscribe before reporting ``playbackState``.
    ///
    /// ```swift
    /// for await command in center.commands { handle(command) }
    /// ```
    public var commands: RemoteCommands { core.commands.subscribe() }

    // MARK: Connecting

    private static func validate(playerName: String) throws(RemoteCommandCenterError) {
        let allowed = playerName.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
        let startsWithDigit = playerName.utf8.first.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false
        // Room for the instance suffix within the bus's 255 bytes.
        guard !playerName.isEmpty, allowed, !startsWithDigit, playerName.utf8.count <= 180 else {
            throw RemoteCommandCenterError(
                code: .invalidPlayerName,
                message: "'\(playerName)' cannot be an MPRIS player name: expected one word of at most 180 letters, "
                    + "digits, '_' or '-', not starting with a digit, such as 'musicplayer'")
        }
    }

    private static func connect(to address: String?) throws(RemoteCommandCenterError) -> BusConnection {
        guard let address = address ?? environmentAddress, !address.isEmpty else {
            throw RemoteCommandCenterError(
                code: .busUnavailable,
                message: "no session bus to publish the player on: DBUS_SESSION_BUS_ADDRESS is not set and no address was given")
        }
        do {
            return try BusConnection(address: address)
        } catch {
            throw RemoteCommandCenterError(
                code: .busUnavailable, message: "cannot reach the session bus at \(address): \(error.message)")
        }
    }

    private static var environmentAddress: String? {
        guard let value = getenv("DBUS_SESSION_BUS_ADDRESS") else { return nil }
        return String(cString: value)
    }

    private static func export(_ core: MprisPlayerCore, on connection: BusConnection) throws(RemoteCommandCenterError) {
        do {
            try connection.export(core.busObject())
        } catch {
            throw RemoteCommandCenterError(code: .busUnavailable, message: "cannot serve the player on the session bus: \(error.message)")
        }
    }

    /// Asks for the player's name, then for instance names (`.instance<PID>`, then
    /// `.instance<PID>_2`, ... for more centers in one process) while the bus says it is taken.
    private static func requestName(for playerName: String, on connection: BusConnection) async throws(RemoteCommandCenterError) -> String {
        let base = MprisNames.busNamePrefix + playerName
        let instance = "\(base).instance\(getpid())"
        let candidates = [base, instance] + (2...16).map { "\(instance)_\($0)" }
        for name in candidates {
            let result: NameRequestResult
            do {
                result = try await connection.requestName(name, options: [.doNotQueue])
            } catch {
                let reason = (error as? BusError)?.message ?? "\(error)"
                throw RemoteCommandCenterError(code: .nameUnavailable, message: "the bus refused the name \(name): \(reason)")
            }
            if result == .primaryOwner || result == .alreadyOwner { return name }
        }
        throw RemoteCommandCenterError(
            code: .nameUnavailable,
            message: "\(base) and its instance names \(instance) to \(instance)_16 are all taken; close a center first")
    }
}
