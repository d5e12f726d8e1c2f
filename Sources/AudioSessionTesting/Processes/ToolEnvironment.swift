import Foundation

/// Builds the environment for a client of a private server: this process's environment with every
/// variable that could lead a client to the user's real servers removed, then the server's own.
enum ToolEnvironment {
    /// Variables that point at a sound server, a bus, a display or a speech server; a private client
    /// must never inherit them.
    static let redirecting = [
        "PULSE_SERVER", "PULSE_COOKIE", "PULSE_PROP", "PIPEWIRE_REMOTE", "PIPEWIRE_RUNTIME_DIR",
        "PIPEWIRE_PROPS", "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "XDG_CONFIG_HOME",
        "XDG_STATE_HOME", "DISPLAY", "WAYLAND_DISPLAY", "SPEECHD_ADDRESS",
    ]

    static func merged(_ server: [String: String], extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in redirecting { environment[name] = nil }
        environment.merge(server) { _, new in new }
        environment.merge(extra) { _, new in new }
        return environment
    }
}
