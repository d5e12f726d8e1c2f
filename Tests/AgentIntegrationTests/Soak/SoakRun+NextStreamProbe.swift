import AudioSessionTesting
import Foundation

/// WirePlumber 0.5 takes no repair of a saved stream state through `route-settings` (but for the
/// Notification role): a key a held stream left with the agent's mute or level keeps it until
/// the key's next stream, which the agent gives the user's values, and WirePlumber saves those
/// (docs/server-facts.md). So on that stack the soak plays the next stream of each such key, as
/// the user's next start of the app would, before it checks the saved state: what it checks is
/// then what that stream left, which must be the user's.
extension SoakRun {
    /// Plays a short stream of each restore key whose saved state holds the agent's values, and
    /// waits for its end. Only on WirePlumber 0.5 (Debian 13's stack).
    func playNextStreamOfLeakedKeys() async throws {
        guard SoundSetup.pipewireStackIsDebian13 else { return }
        let keys = Set(try wirePlumberLeaks().keys.map(Self.restoreKey(ofSavedField:)))
        for key in keys.sorted() {
            guard let probe = Self.probe(forKey: key) else { continue }
            let player = try rig.play("next-stream-probe", try rig.tone("next-stream-probe", seconds: 1.5), role: probe.role)
            defer { player.kill() }
            _ = try? await rig.waitForStream("next-stream-probe")
            _ = try? await player.waitForExit(timeout: .seconds(20))
        }
    }

    /// `Output/Audio:media.role:Music` of `Output/Audio:media.role:Music:mute`.
    static func restoreKey(ofSavedField field: String) -> String {
        guard let colon = field.lastIndex(of: ":") else { return field }
        return String(field[..<colon])
    }

    /// How a paplay stream comes to be saved under a restore key.
    enum NextStreamProbe: Equatable {
        /// paplay's own key: a stream without a role.
        case roleless
        /// The role pipewire-pulse maps to the key's (`phone` for Communication).
        case role(String)

        /// What `paplay --property=media.role=` takes, `nil` for none.
        var role: String? {
            switch self {
            case .roleless: nil
            case .role(let role): role
            }
        }
    }

    /// The paplay stream WirePlumber saves under `key`; `nil` for a key no paplay of the soak's
    /// can have.
    static func probe(forKey key: String) -> NextStreamProbe? {
        let roles = [
            "Music": "music", "Communication": "phone", "Notification": "event", "Movie": "video", "Game": "game",
            "Production": "production", "Accessibility": "a11y",
        ]
        if key == "Output/Audio:application.name:paplay" { return .roleless }
        let prefix = "Output/Audio:media.role:"
        guard key.hasPrefix(prefix) else { return nil }
        return roles[String(key.dropFirst(prefix.count))].map { .role($0) }
    }
}
