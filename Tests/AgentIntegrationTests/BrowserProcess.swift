import AudioSessionTesting
import Foundation

/// A real browser the test started, in a session of its own, and every process it spawned.
///
/// A browser starts a dozen children (zygotes, renderers, an audio service, content processes),
/// and its crash handlers (Chromium's crashpad, Firefox's crashhelper) leave its session with a
/// session of their own: a ``ProcessFamily`` finds them all, and ``stop()`` kills exactly those.
struct BrowserProcess {
    let browser: Browser
    let family: ProcessFamily

    /// timeout(1), which runs the browser: its standard error is the browser's.
    var process: ChildProcess { family.leader }

    /// Starts `browser` on `url` with a fresh profile under the rig's directory, on the rig's
    /// server and bus.
    static func start(_ browser: Browser, opening url: String, in rig: AgentRig) throws -> BrowserProcess {
        let profile = rig.directory + "/\(browser.binary)-profile"
        try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true)
        let command = try browser.command(opening: url, profile: profile)
        return BrowserProcess(browser: browser, family: try ProcessFamily.start(command, named: browser.binary, in: rig))
    }

    /// Kills every process of the browser and waits until none is left; returns what survived
    /// 15 seconds of it, as `ps` would print them (empty when all are gone).
    func stop() async -> [String] {
        await family.stop()
    }
}
