/// Where the package's own files are, found from this source file's path so that tests run from
/// any working directory (SwiftPM runs them from the package root, Xcode-style runners may not).
enum PackageLayout {
    /// The package root: three levels above Sources/AudioSessionTesting/Servers/.
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/")
    }()

    /// The harness script every private server is started and stopped with.
    static var privateServerScript: String { root + "/scripts/private-server" }
}
