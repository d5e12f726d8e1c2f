import Glibc

/// Where the shipped `default.toml` is, the last entry of the policy search order:
/// `$AUDIOSESSION_SHIPPED_POLICY`; beside an installed binary
/// (`PREFIX/share/audiosession/policies/default.toml`); or, in a source tree, the package's
/// `policies/default.toml` above the build directory.
///
/// ```swift
/// let shipped = ShippedPolicyLocation.find(environment: environment)
/// ```
public enum ShippedPolicyLocation {
    /// The shipped policy's path for a process with `environment`, running `executable`
    /// (by default the running binary).
    public static func find(environment: [String: String], executable: String? = nil) -> String {
        if let override = environment["AUDIOSESSION_SHIPPED_POLICY"], !override.isEmpty { return override }
        var directory = parent(of: executable ?? runningExecutable)
        let installed = parent(of: directory) + "/share/audiosession/policies/default.toml"
        if exists(installed) { return installed }
        while directory != "/" && !directory.isEmpty {
            let candidate = directory + "/policies/default.toml"
            if exists(candidate) && exists(directory + "/Package.swift") { return candidate }
            directory = parent(of: directory)
        }
        return installed
    }

    private static var runningExecutable: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return CommandLine.arguments.first ?? "" }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }
}
