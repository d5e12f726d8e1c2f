import AudioSessionTesting
import Foundation
import Testing

/// A speech-dispatcher output module from Debian's packages (`scripts/setup` installs
/// speech-dispatcher and speech-dispatcher-espeak-ng), as `spd-say -o MODULE` speaks through it:
/// what its stream carries and how a test speaks through a private speech-dispatcher.
enum SpeechModule: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// speech-dispatcher's default synthesizer. Since 0.11 the module hands its audio to the
    /// daemon, which plays it: the stream's binary is `speech-dispatcher`.
    case espeakNG = "espeak-ng"
    /// The module speech-dispatcher falls back to without a synthesizer. It opens a stream of its
    /// own (binary `sd_dummy`) and plays its canned message through sox's `play`.
    case dummy

    var testDescription: String { "spd-say -o \(rawValue)" }

    /// The `application.name` of the stream that speaks.
    var applicationName: String { "speech-dispatcher-\(rawValue)" }

    /// The `application.process.binary` of the stream that speaks.
    var streamBinary: String { self == .espeakNG ? "speech-dispatcher" : "sd_dummy" }

    static let modulesDirectory = "/usr/lib/speech-dispatcher-modules"

    var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/spd-say")
            && FileManager.default.isExecutableFile(atPath: "\(Self.modulesDirectory)/sd_\(rawValue)")
    }

    static var allInstalled: Bool { allCases.allSatisfy(\.isInstalled) }

    static let missingMessage =
        "spd-say or a speech-dispatcher module is not installed (scripts/setup installs speech-dispatcher and speech-dispatcher-espeak-ng)"

    /// Runs `spd-say -w -o MODULE TEXT` on the rig's server, with a speech-dispatcher of the
    /// rig's own: spd-say autospawns the daemon, which starts every module it finds, and all of
    /// them (daemon, modules, the dummy's sox) are in the family ``ProcessFamily/stop()`` ends.
    ///
    /// The daemon reads `$XDG_CONFIG_HOME/speech-dispatcher/speechd.conf` before the system's,
    /// with `XDG_CONFIG_HOME` the server's: the config written there plays through PulseAudio on
    /// libpulse's default server (the rig's `PULSE_SERVER`) and keeps its socket and logs under
    /// the rig's directory (its PID file goes to `XDG_RUNTIME_DIR`, the server's too).
    /// `SPEECHD_ADDRESS` must name the same socket, or the autospawned daemon refuses to start
    /// ("Mismatch in socket names"). `-w` keeps spd-say connected until the text is spoken.
    func say(_ text: String, in rig: AgentRig) throws -> ProcessFamily {
        let home = rig.directory + "/speech-dispatcher"
        let configurationHome = try #require(rig.server.environment["XDG_CONFIG_HOME"], "the server's environment names its XDG_CONFIG_HOME")
        let configuration = configurationHome + "/speech-dispatcher"
        for directory in [home + "/log", configuration] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        try """
        # The test's own speech-dispatcher (Tests/AgentIntegrationTests/SpeechModule.swift).
        AudioOutputMethod "pulse"
        AudioPulseServer "default"
        SocketPath "\(home)/speechd.sock"
        LogDir "\(home)/log"

        """.write(toFile: configuration + "/speechd.conf", atomically: true, encoding: .utf8)
        return try ProcessFamily.start(
            ["spd-say", "-w", "-o", rawValue, text], named: "spd-say", in: rig,
            extraEnvironment: ["SPEECHD_ADDRESS": "unix_socket:\(home)/speechd.sock"])
    }
}
