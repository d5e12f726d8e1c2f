import Foundation

/// Another Debian release's sound stack in a root made by `scripts/make-root` (debootstrap),
/// cached per machine: PipeWire 1.4 + WirePlumber 0.5 + pipewire-pulse of Debian 13, the stack
/// most desktops run, beside this machine's own PipeWire 0.3 + WirePlumber 0.4.
///
/// The first call on a machine makes the root (about two minutes, from Debian's mirror; needs
/// root privileges); later calls find it at once. Start servers from it with
/// ``PrivatePipeWire/start(root:)``.
///
/// ```swift
/// let root = try await SoundStackRoot.debian13()
/// let pipewire = try await PrivatePipeWire.start(root: root)
/// defer { pipewire.stop() }
/// ```
public struct SoundStackRoot: Sendable {
    /// The root's directory.
    public let path: String

    /// Debian 13 (trixie) with its sound stack (`scripts/make-root --sound-stack` names the
    /// packages): made when missing, else found in the cache.
    public static func debian13() async throws -> SoundStackRoot {
        let command = [PackageLayout.root + "/scripts/make-root", "--sound-stack"]
        let child = try ChildProcess(command, environment: ProcessInfo.processInfo.environment, outputDirectory: NSTemporaryDirectory())
        defer { child.removeOutputFiles() }
        // The first make downloads and unpacks a distribution: minutes, not the seconds of a tool.
        let status = try await child.waitForExit(timeout: .seconds(3600))
        let result = ToolResult(status: status, standardOutput: child.standardOutput, standardError: child.standardError)
        guard result.succeeded, let path = result.standardOutput.split(separator: "\n").last.map(String.init) else {
            throw ToolFailure(command: command, result: result)
        }
        return SoundStackRoot(path: path)
    }
}
