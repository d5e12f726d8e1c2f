import Foundation

/// A real web browser from Debian's packages (`scripts/setup` installs both), run headless on a
/// private server as a WebRTC call: what its command line needs and what its streams carry.
enum Browser: String, Sendable, CustomStringConvertible {
    case chromium
    case firefox = "firefox-esr"

    var description: String { rawValue }

    /// The command on `PATH`; also the `application.process.binary` of its streams.
    var binary: String { rawValue }

    /// Whether the binary is installed; a test that needs it is skipped with ``missingMessage``.
    var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/\(binary)") }

    var missingMessage: String { "\(binary) is not installed (scripts/setup installs it from Debian's packages)" }

    /// The command line that opens `url` headless with a fresh profile in `profile` (a directory
    /// the caller made). The microphone is the server's default source, never a fake device: a
    /// fake one opens no capture stream.
    func command(opening url: String, profile: String) throws -> [String] {
        switch self {
        case .chromium:
            // As root Chromium refuses to start with its sandbox; the fake UI grants the
            // microphone without a prompt.
            return [
                binary, "--headless=new", "--no-sandbox", "--user-data-dir=\(profile)", "--no-first-run",
                "--use-fake-ui-for-media-stream", "--autoplay-policy=no-user-gesture-required", url,
            ]
        case .firefox:
            try Self.firefoxPreferences.write(toFile: profile + "/user.js", atomically: true, encoding: .utf8)
            return [binary, "--headless", "--no-remote", "--profile", profile, url]
        }
    }

    /// Firefox's profile: the microphone granted without a prompt, the real one (the server's
    /// default source), sound allowed without a gesture, and the page's console on standard
    /// output. Firefox plays through PulseAudio by default, on `PULSE_SERVER`.
    static let firefoxPreferences = """
        user_pref("media.navigator.permission.disabled", true);
        user_pref("media.navigator.streams.fake", false);
        user_pref("media.autoplay.default", 0);
        user_pref("media.autoplay.blocking_policy", 0);
        user_pref("devtools.console.stdout.content", true);
        user_pref("browser.shell.checkDefaultBrowser", false);
        user_pref("datareporting.policy.dataSubmissionEnabled", false);
        user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
        user_pref("app.update.enabled", false);

        """
}
