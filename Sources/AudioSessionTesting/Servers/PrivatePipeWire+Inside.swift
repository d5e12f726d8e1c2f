import Foundation

extension PrivatePipeWire {
    /// `command` as it runs *inside* the stack's root, as a user of that release runs it: against
    /// the root's own libpipewire, libpulse and libdbus, not this machine's. The package's
    /// directory (its built binaries, policies and fixtures), the Swift runtime's directory the
    /// test itself loaded and `alsoBinding` are bound at their own paths, so every path stays the
    /// same inside and out; the process keeps its PID, so a test signals it as usual. On this
    /// machine's own stack (no root) the command is returned as it is.
    ///
    /// ```swift
    /// let agent = try ChildProcess(pipewire.commandInside([agentPath, "--backend", "pipewire"], alsoBinding: [bus.directory]),
    ///                              environment: environment, outputDirectory: pipewire.directory)
    /// ```
    public func commandInside(_ command: [String], alsoBinding: [String] = []) -> [String] {
        guard root != nil else { return command }
        // A directory inside one already bound needs no mount of its own.
        var binds: [String] = []
        for path in [PackageLayout.root] + Self.swiftRuntimeDirectories + alsoBinding
        where !binds.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) {
            binds.append(path)
        }
        return [PackageLayout.privateServerScript, "enter", directory]
            + binds.flatMap { ["--bind", $0] } + command
    }

    /// The directories of the Swift runtime libraries this test process loaded (the toolchain's,
    /// which the debug builds' run path names), from `/proc/self/maps`.
    static var swiftRuntimeDirectories: [String] {
        // Read to the end: /proc files report no size, and a read by size stops after a page.
        let maps = String(decoding: FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        let directories = maps.split(separator: "\n").compactMap { line -> String? in
            guard let path = line.split(separator: " ", omittingEmptySubsequences: true).last,
                  path.hasPrefix("/"), path.contains("/libswiftCore.so") else { return nil }
            return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        }
        return Array(Set(directories)).sorted()
    }
}
