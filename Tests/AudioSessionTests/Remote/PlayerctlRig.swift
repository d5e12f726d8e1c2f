import AudioSession
import AudioSessionBus
import AudioSessionTesting
import Foundation

/// A private session bus with a watching connection of the test's own, and `playerctl` run on
/// that bus as a user runs it: no sound server, MPRIS is all bus.
struct PlayerctlRig: Sendable {
    let bus: PrivateDBus
    let observer: BusConnection

    static func start() async throws -> PlayerctlRig {
        let bus = try await PrivateDBus.start()
        do {
            return PlayerctlRig(bus: bus, observer: try BusConnection(address: bus.address))
        } catch {
            bus.stop()
            throw error
        }
    }

    func stop() {
        observer.close()
        bus.stop()
    }

    /// A center published on this bus.
    func center(_ playerName: String = "testplayer", identity: String = "Test Player") async throws -> RemoteCommandCenter {
        try await RemoteCommandCenter(
            playerName: playerName, identity: identity, desktopEntry: "org.example.TestPlayer", busAddress: bus.address)
    }

    /// Runs `playerctl ARGUMENTS` on the bus.
    func playerctl(_ arguments: String...) async throws -> ToolResult {
        try await bus.run("playerctl", arguments)
    }

    /// `playerctl ARGUMENTS`'s output without its newline; fails with its error when it fails.
    func playerctlOutput(_ arguments: String...) async throws -> String {
        try await bus.tool("playerctl", arguments).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The players `playerctl --list-all` lists.
    func listedPlayers() async throws -> [String] {
        let result = try await bus.run("playerctl", ["--list-all"])
        return result.standardOutput.split(separator: "\n").map(String.init)
    }
}
