import AudioSessionTesting
import Foundation

/// `canberra-gtk-play` (Debian's gnome-session-canberra), which plays a sound theme's event sound
/// through libcanberra: on PulseAudio through its `libcanberra-pulse` driver, which names the
/// stream's role `event`. It is a GTK program and needs an X display (``VirtualDisplay``).
/// `scripts/setup` installs gnome-session-canberra, libcanberra-pulse, sound-theme-freedesktop
/// (the `bell`) and xvfb.
enum EventSound {
    static let binary = "canberra-gtk-play"

    static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/\(binary)") && VirtualDisplay.isInstalled
            && FileManager.default.fileExists(atPath: "/usr/share/sounds/freedesktop/stereo/bell.oga")
    }

    static let missingMessage =
        "canberra-gtk-play, Xvfb or the freedesktop sound theme is not installed (scripts/setup installs gnome-session-canberra, libcanberra-pulse, sound-theme-freedesktop and xvfb)"

    /// `canberra-gtk-play -i bell`, rung again as soon as it ends (each ring is a stream of its
    /// own, 0.14 s long) until the test kills it.
    static func ringBell(on display: VirtualDisplay, in rig: AgentRig) throws -> ChildProcess {
        try rig.server.spawn(binary, ["-i", "bell", "-l", "100000"], extraEnvironment: ["DISPLAY": display.name])
    }

    /// The bells on the server, oldest first.
    static func bells(in rig: AgentRig) async throws -> [PulseSinkInput] {
        try await rig.server.sinkInputs().filter { $0.properties["application.process.binary"] == binary }.sorted { $0.index < $1.index }
    }
}
