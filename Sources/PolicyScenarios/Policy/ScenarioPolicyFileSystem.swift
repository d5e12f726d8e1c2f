import AudioPolicy

/// Loads a scenario's policy with the project's loader, fragments merged as `policy.d/` would merge them.
///
/// The fragments are presented to the loader as the `policy.d` of a configuration level whose base
/// is the scenario's policy file; nothing else on the machine is read.
struct ScenarioPolicyFileSystem: PolicyFileSystem {
    static let level = "/scenario-config"
    static let fragmentDirectory = level + "/audiosession/policy.d"

    var base: String
    var fragments: [String]

    /// Fragment names sort in the scenario's order: the loader applies them in byte order.
    func name(ofFragment index: Int) -> String {
        let digits = String(index)
        return String(repeating: "0", count: max(0, 3 - digits.count)) + digits + ".toml"
    }

    func contents(ofFile path: String) throws(PolicyFileSystemError) -> [UInt8]? {
        if path == base { return try LocalPolicyFileSystem().contents(ofFile: base) }
        for (index, fragment) in fragments.enumerated() where path == Self.fragmentDirectory + "/" + name(ofFragment: index) {
            return try LocalPolicyFileSystem().contents(ofFile: fragment)
        }
        return nil
    }

    func entries(ofDirectory path: String) throws(PolicyFileSystemError) -> [String]? {
        path == Self.fragmentDirectory ? fragments.indices.map(name(ofFragment:)) : nil
    }
}
