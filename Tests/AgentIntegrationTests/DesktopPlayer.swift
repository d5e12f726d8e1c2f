import Foundation
import Testing

/// A real player from Debian's packages that sets no `media.role` (`scripts/setup` installs it):
/// how it plays a file on the private server, and the binary its stream carries.
enum DesktopPlayer: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// GStreamer's pulsesink: `media.name = Playback Stream`, `application.name = gst-launch-1.0`.
    case gstLaunch = "gst-launch-1.0"
    /// FFmpeg's player through SDL's PulseAudio driver: `media.name = Audio Stream`, `application.name = ffplay`.
    case ffplay

    var testDescription: String { rawValue }

    /// The command on `PATH`; also the `application.process.binary` of its stream.
    var binary: String { rawValue }

    /// The `media.name` of the stream it plays on. GStreamer's pulsesink first opens a short-lived
    /// stream of its own (seen with `pactl subscribe`: a sink input comes and goes before the one
    /// it plays on); a test that measured that one could find it heard and then gone.
    var mediaName: String {
        switch self {
        case .gstLaunch: "Playback Stream"
        case .ffplay: "Audio Stream"
        }
    }

    var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/\(binary)") }

    /// The command line that plays `file` once, with no window.
    func command(playing file: String) -> [String] {
        switch self {
        case .gstLaunch: [binary, "-q", "filesrc", "location=\(file)", "!", "decodebin", "!", "audioconvert", "!", "pulsesink"]
        case .ffplay: [binary, "-nodisp", "-autoexit", "-loglevel", "error", file]
        }
    }

    /// What the player needs in its environment: SDL picks its audio driver itself, and may pick
    /// ALSA or PipeWire over PulseAudio.
    var environment: [String: String] {
        self == .ffplay ? ["SDL_AUDIODRIVER": "pulseaudio"] : [:]
    }
}
