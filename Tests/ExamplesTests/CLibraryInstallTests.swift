import AudioSessionTesting
import Foundation
import Testing

/// `make install` and `make uninstall` of libaudiosession into a staging root (DESTDIR), with
/// Debian's multiarch LIBDIR, as a packager runs them: what lands where, what the library
/// exports, an app built against the installed .pc, and nothing left after the uninstall.
@Suite struct CLibraryInstallTests {
    static let libdir = "/usr/lib/x86_64-linux-gnu"

    @Test("make install stages the header, the versioned library and audiosession.pc; an app builds against them; uninstall leaves no file")
    func installAndUninstall() async throws {
        let scratch = NSTemporaryDirectory() + "libaudiosession-install-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let root = scratch + "/root"
        let variables = ["DESTDIR=\(root)", "PREFIX=/usr", "LIBDIR=\(Self.libdir)"]
        let installed = try await CLibraryBuild.make(into: scratch + "/build", target: "install", variables: variables)
        try #require(installed.succeeded, "make install failed:\n\(installed.standardOutput)\n\(installed.standardError)")

        let files = FileManager.default
        let lib = root + Self.libdir
        #expect(files.fileExists(atPath: root + "/usr/include/audiosession/audiosession.h"))
        #expect(files.fileExists(atPath: lib + "/libaudiosession.so.1.0.0"))
        #expect(try files.destinationOfSymbolicLink(atPath: lib + "/libaudiosession.so.1") == "libaudiosession.so.1.0.0")
        #expect(try files.destinationOfSymbolicLink(atPath: lib + "/libaudiosession.so") == "libaudiosession.so.1")
        let pc = try String(contentsOfFile: lib + "/pkgconfig/audiosession.pc", encoding: .utf8)
        #expect(pc.contains("libdir=\(Self.libdir)\n") && pc.contains("includedir=/usr/include\n"), "\(pc)")

        // The soname, and only the API's symbols exported: the first edition's under AUDIOSESSION_1,
        // the echo-cancellation choice and the input mute under AUDIOSESSION_1.1, the session
        // preferences under AUDIOSESSION_1.2.
        let dynamic = try await CLibraryBuild.run(["objdump", "-p", "-T", lib + "/libaudiosession.so.1.0.0"], in: scratch)
        #expect(dynamic.standardOutput.contains("SONAME               libaudiosession.so.1"))
        let exported = dynamic.standardOutput.split(separator: "\n").filter { $0.contains(" .text") }
        #expect(exported.count == 29, "\(exported.joined(separator: "\n"))")
        #expect(exported.allSatisfy { $0.contains("AUDIOSESSION_1") && $0.contains(" audiosession_") }, "\(exported.joined(separator: "\n"))")
        #expect(exported.filter { $0.contains("AUDIOSESSION_1.1") }.count == 4, "\(exported.joined(separator: "\n"))")
        #expect(exported.filter { $0.contains("AUDIOSESSION_1.2") }.count == 2, "\(exported.joined(separator: "\n"))")

        // A packager's check: the example compiles against the staged tree through its .pc.
        let flags = try await CLibraryBuild.run(
            ["pkg-config", "--cflags", "--libs", "audiosession"], in: scratch,
            extra: ["PKG_CONFIG_LIBDIR": lib + "/pkgconfig", "PKG_CONFIG_SYSROOT_DIR": root])
        #expect(flags.standardOutput.contains("-I\(root)/usr/include") && flags.standardOutput.contains("-laudiosession"), "\(flags)")
        let compiled = try await CLibraryBuild.run(
            ["cc", ExampleRig.packageRoot + "/Examples/c/voip-call.c", "-o", scratch + "/voip-call"]
                + flags.standardOutput.split(whereSeparator: \.isWhitespace).map(String.init),
            in: scratch)
        #expect(compiled.succeeded, "\(compiled.standardError)")

        let removed = try await CLibraryBuild.make(into: scratch + "/build", target: "uninstall", variables: variables)
        #expect(removed.succeeded, "\(removed.standardError)")
        let left = files.enumerator(atPath: root)?.compactMap { $0 as? String }.filter { path in
            var isDirectory: ObjCBool = false
            return files.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory) && !isDirectory.boolValue
                || (try? files.destinationOfSymbolicLink(atPath: root + "/" + path)) != nil
        }
        #expect(left == [], "make uninstall left \(left ?? [])")
    }
}
