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
    /// server and bus. Its TMPDIR is under the rig's directory too: Chromium makes its singleton
    /// socket's folder there (`org.chromium.Chromium.XXXXXX`), which a killed browser leaves
    /// behind. The name is short, as the socket's whole path must fit in 108 bytes.
    static func start(_ browser: Browser, opening url: String, in rig: AgentRig) throws -> BrowserProcess {
        let profile = rig.directory + "/\(browser.binary)-profile"
        let scratch = rig.directory + "/t"
        for folder in [profile, scratch] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let command = try browser.command(opening: url, profile: profile)
        let family = try ProcessFamily.start(command, named: browser.binary, in: rig, extraEnvironment: ["TMPDIR": scratch])
        return BrowserProcess(browser: browser, family: family)
    }

    /// Kills every process of the browser and waits until none is left; returns what survived
    /// 15 seconds of it, as `ps` would print them (empty when all are gone).
    func stop() async -> [String] {
        await family.stop()
    }
}
