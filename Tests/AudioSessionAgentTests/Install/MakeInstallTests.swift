import AudioSessionAgent
import AudioSessionTesting
import Foundation
import Testing

/// `make install` and `make uninstall`, run as a packager would, with stand-in binaries.
@Suite("make install")
struct MakeInstallTests {
    static let binaries = ["audiosessiond", "audiosessionctl"]

    /// What the repository says should be installed, relative to PREFIX=/usr.
    static func expectedFiles() throws -> Set<String> {
        let policies = try FileManager.default.contentsOfDirectory(atPath: RepositoryFiles.path("policies"))
            .filter { $0.hasSuffix(".toml") }
        let docs = try FileManager.default.contentsOfDirectory(atPath: RepositoryFiles.path("docs"))
            .filter { $0.hasSuffix(".md") } + ["README.md"]
        var files: Set<String> = [
            "usr/bin/audiosessiond", "usr/bin/audiosessionctl",
            "usr/lib/systemd/user/audiosessiond.service",
            "usr/share/dbus-1/services/org.audiosession.Agent.service",
            "usr/share/dbus-1/interfaces/org.audiosession.Agent1.xml",
        ]
        files.formUnion(policies.map { "usr/share/audiosession/policies/" + $0 })
        files.formUnion(docs.map { "usr/share/doc/audiosession/" + $0 })
        for binary in binaries {
            files.formUnion([
                "usr/share/bash-completion/completions/\(binary)", "usr/share/zsh/site-functions/_\(binary)",
                "usr/share/fish/vendor_completions.d/\(binary).fish", "usr/share/man/man1/\(binary).1",
            ])
        }
        return files
    }

    @Test("DESTDIR=<tmp> PREFIX=/usr stages exactly the expected tree, with install-time paths inside the files")
    func stagedTree() async throws {
        let scratch = try InstallScratch()
        defer { scratch.remove() }
        let stage = scratch.path + "/stage"
        let result = try await scratch.make("install", ["DESTDIR": stage, "PREFIX": "/usr", "BUILD_BINARY_DIR": try scratch.standInBinaries()])
        #expect(result.succeeded, "\(result.standardError)")

        #expect(scratch.files(under: stage) == (try Self.expectedFiles()))
        for binary in Self.binaries {
            #expect(scratch.permissions(of: "\(stage)/usr/bin/\(binary)") == 0o755)
            #expect(try String(contentsOfFile: "\(stage)/usr/bin/\(binary)", encoding: .utf8).contains("DBUS_STARTER_BUS_TYPE"))
        }

        let unit = try String(contentsOfFile: stage + "/usr/lib/systemd/user/audiosessiond.service", encoding: .utf8)
        let unitLines = Set(unit.split(separator: "\n").map(String.init))
        for line in [
            "Type=dbus", "BusName=org.audiosession.Agent", "ExecStart=/usr/bin/audiosessiond", "WantedBy=default.target",
            "Documentation=file:/usr/share/doc/audiosession/dbus-api.md file:/usr/share/doc/audiosession/install.md",
        ] {
            #expect(unitLines.contains(line), "the unit lacks \(line)")
        }
        let activation = try String(contentsOfFile: stage + "/usr/share/dbus-1/services/org.audiosession.Agent.service", encoding: .utf8)
        let activationLines = Set(activation.split(separator: "\n").map(String.init))
        for line in ["[D-BUS Service]", "Name=\(AgentInterface.busName)", "Exec=/usr/bin/audiosessiond", "SystemdService=audiosessiond.service"] {
            #expect(activationLines.contains(line), "the D-Bus service file lacks \(line)")
        }
        for text in [unit, activation] {
            #expect(!text.contains("@"), "a placeholder was left unreplaced")
            #expect(!text.contains(stage), "DESTDIR leaked into an installed file")
        }

        #expect(try String(contentsOfFile: stage + "/usr/share/dbus-1/interfaces/org.audiosession.Agent1.xml", encoding: .utf8)
            == AgentInterface.introspectionXML)
        #expect(try String(contentsOfFile: stage + "/usr/share/audiosession/policies/default.toml", encoding: .utf8)
            == (try RepositoryFiles.read("policies/default.toml")))
        #expect(scratch.permissions(of: stage + "/usr/share/audiosession/policies/default.toml") == 0o644)
        #expect(scratch.permissions(of: stage + "/usr/lib/systemd/user/audiosessiond.service") == 0o644)
    }

    @Test("uninstall removes every installed file and AudioSession's own directories, nothing else")
    func uninstall() async throws {
        let scratch = try InstallScratch()
        defer { scratch.remove() }
        let stage = scratch.path + "/stage"
        let variables = ["DESTDIR": stage, "PREFIX": "/usr", "BUILD_BINARY_DIR": try scratch.standInBinaries()]
        #expect(try await scratch.make("install", variables).succeeded)
        // Someone else's file in a shared directory must survive.
        try "x".write(toFile: stage + "/usr/bin/other-tool", atomically: true, encoding: .utf8)

        let result = try await scratch.make("uninstall", variables)
        #expect(result.succeeded, "\(result.standardError)")
        #expect(scratch.files(under: stage) == ["usr/bin/other-tool"])
        for directory in ["usr/share/audiosession", "usr/share/doc/audiosession"] {
            #expect(!FileManager.default.fileExists(atPath: stage + "/" + directory), "\(directory) is left behind")
        }
        #expect(FileManager.default.fileExists(atPath: stage + "/usr/share/dbus-1/services"))
    }

    @Test("install without built binaries stops, says what to do, and installs nothing")
    func missingBinaries() async throws {
        let scratch = try InstallScratch()
        defer { scratch.remove() }
        let stage = scratch.path + "/stage"
        let empty = scratch.path + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let result = try await scratch.make("install", ["DESTDIR": stage, "PREFIX": "/usr", "BUILD_BINARY_DIR": empty])
        #expect(!result.succeeded)
        #expect(result.standardError.contains("\(empty)/audiosessiond is missing; run 'make build' first"))
        #expect(!FileManager.default.fileExists(atPath: stage))
    }

    @Test("install without generated completions and man pages stops, says to run make docs, and installs nothing")
    func missingGeneratedDocs() async throws {
        let scratch = try InstallScratch()
        defer { scratch.remove() }
        let stage = scratch.path + "/stage"
        let empty = scratch.path + "/no-docs"
        let result = try await scratch.make(
            "install",
            ["DESTDIR": stage, "PREFIX": "/usr", "BUILD_BINARY_DIR": try scratch.standInBinaries(), "GENERATED_DOCS_DIR": empty])
        #expect(!result.succeeded)
        #expect(result.standardError.contains("missing from \(empty); run 'make docs' first"))
        #expect(!FileManager.default.fileExists(atPath: stage))
    }

    @Test("a real dbus-daemon reads the installed activation file and starts the installed binary")
    func busActivation() async throws {
        let scratch = try InstallScratch()
        defer { scratch.remove() }
        let prefix = scratch.path + "/prefix"
        let install = try await scratch.make("install", ["PREFIX": prefix, "BUILD_BINARY_DIR": try scratch.standInBinaries()])
        #expect(install.succeeded, "\(install.standardError)")

        let socket = scratch.path + "/bus"
        let configuration = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:path=\(socket)</listen>
              <servicedir>\(prefix)/share/dbus-1/services</servicedir>
              <policy context="default">
                <allow send_destination="*"/>
                <allow receive_sender="*"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """
        try configuration.write(toFile: scratch.path + "/bus.conf", atomically: true, encoding: .utf8)
        let bus = try ChildProcess(
            ["dbus-daemon", "--config-file=\(scratch.path)/bus.conf", "--nofork", "--nopidfile"],
            environment: ["PATH": "/usr/bin:/bin"], outputDirectory: scratch.path + "/output")
        defer { bus.terminate() }
        let address = "unix:path=\(socket)"

        let activatable = try await waitForValue("the private bus lists activatable names") { () async throws -> String? in
            let result = try await scratch.run([
                "dbus-send", "--bus=\(address)", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                "org.freedesktop.DBus.ListActivatableNames",
            ])
            return result.succeeded ? result.standardOutput : nil
        }
        #expect(activatable.contains("\"\(AgentInterface.busName)\""))

        // The stand-in exits with status 3 without taking the name: the bus reports exactly that.
        let ping = try await scratch.run([
            "dbus-send", "--bus=\(address)", "--print-reply", "--dest=\(AgentInterface.busName)", AgentInterface.objectPath,
            "org.freedesktop.DBus.Peer.Ping",
        ])
        #expect(!ping.succeeded)
        #expect(ping.standardError.contains("org.freedesktop.DBus.Error.Spawn.ChildExited"), "\(ping.standardError)")
        #expect(ping.standardError.contains("exited with status 3"), "\(ping.standardError)")
        let started = try String(contentsOfFile: scratch.path + "/started", encoding: .utf8)
        #expect(started == "\(prefix)/bin/audiosessiond session\n")
    }

    @Test(
        "systemd accepts the installed user unit",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze"), "systemd-analyze is not installed"))
    func systemdVerifies() async throws {
        let scratch = try InstallScratch()
        defer { scratch.remove() }
        let prefix = scratch.path + "/prefix"
        #expect(try await scratch.make("install", ["PREFIX": prefix, "BUILD_BINARY_DIR": try scratch.standInBinaries()]).succeeded)
        let runtime = scratch.path + "/runtime"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])

        let result = try await scratch.run(
            ["systemd-analyze", "--user", "verify", prefix + "/lib/systemd/user/audiosessiond.service"],
            environment: ["XDG_RUNTIME_DIR": runtime, "HOME": scratch.path])
        #expect(result.succeeded, "\(result.standardError)")
        #expect(result.standardError.isEmpty, "systemd-analyze warned: \(result.standardError)")
    }
}
