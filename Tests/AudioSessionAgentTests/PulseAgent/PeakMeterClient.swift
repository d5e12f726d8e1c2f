import AudioSessionTesting
import Foundation

/// A level meter as pavucontrol opens one: a separate process over the real protocol with a
/// `PA_STREAM_PEAK_DETECT` capture stream (`Tests/Clients/peak-meter.c`, built here with cc and
/// pkg-config libpulse, as scripts/bench builds its helpers). No packaged command-line client asks
/// for peak detection: parec cannot, and pavucontrol is a GUI.
///
/// SIGUSR1 corks its stream and SIGUSR2 uncorks it (a meter whose view closes and reopens).
enum PeakMeterClient {
    /// Builds the meter into the server's directory (once per server) and returns the binary's path.
    static func build<Server: PulseProtocolServer>(for server: Server) async throws -> String {
        let binary = server.directory + "/peak-meter"
        if FileManager.default.isExecutableFile(atPath: binary) { return binary }
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        let source = parts.joined(separator: "/") + "/Clients/peak-meter.c"
        let flags = try await server.run("pkg-config", ["--cflags", "--libs", "libpulse"]).standardOutput
        let words = flags.split(whereSeparator: \.isWhitespace).map(String.init)
        let built = try await server.run("cc", ["-O2", "-Wall", "-Wextra", "-o", binary, source] + words)
        guard built.status == 0 else { throw BuildFailed(status: built.status, log: built.standardError) }
        return binary
    }

    /// Starts a meter on `source` with a stream named `name` and the given stream properties,
    /// corked when `corked`; returns once its stream records.
    static func start<Server: PulseProtocolServer>(
        on source: String, name: String, properties: [String: String], corked: Bool = false, in server: Server
    ) async throws -> ChildProcess {
        let binary = try await build(for: server)
        let arguments = (corked ? ["--corked"] : []) + [source, name] + properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let meter = try server.spawn(binary, arguments)
        try await waitUntil("the peak meter \(name) records") {
            guard meter.isRunning else { throw BuildFailed(status: await meter.waitForExit(), log: meter.standardError) }
            return meter.standardOutput.contains("ready")
        }
        return meter
    }

    struct BuildFailed: Error, CustomStringConvertible {
        var status: Int32
        var log = ""
        var description: String { "the peak meter failed with status \(status): \(log)" }
    }
}
