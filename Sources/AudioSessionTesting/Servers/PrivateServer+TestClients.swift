import Foundation

extension PrivateServer {
    /// Builds one of the tests' own libpulse clients, `Tests/Clients/NAME.c`, into the server's
    /// directory (once per server) with cc and pkg-config libpulse, and returns the binary's path.
    ///
    /// Some clients the tests need exist in no package (a stream renamed while it plays, a call
    /// that records and plays on one connection, a peak meter); they are small C programs over
    /// libpulse that share `Tests/Clients/tone-client.h`.
    ///
    /// ```swift
    /// let meter = try await pulse.buildTestClient("peak-meter")
    /// let process = try pulse.spawn(meter, ["speaker.monitor", "meter"])
    /// ```
    public func buildTestClient(_ name: String) async throws -> String {
        let binary = directory + "/" + name
        if FileManager.default.isExecutableFile(atPath: binary) { return binary }
        let source = PackageLayout.root + "/Tests/Clients/\(name).c"
        let flags = try await tool("pkg-config", ["--cflags", "--libs", "libpulse"])
        let words = flags.split(whereSeparator: \.isWhitespace).map(String.init)
        _ = try await tool("cc", ["-O2", "-Wall", "-Wextra", "-o", binary, source] + words + ["-lm"])
        return binary
    }
}
