import AudioSessionTesting
import Foundation
import Testing

/// `audiosessionctl run` refusing what it cannot do, before and without an agent.
@Suite("audiosessionctl run: usage and no agent")
struct RunCommandUsageTests {
    @Test("an unknown category exits 64 listing the accepted ones, before touching the bus")
    func unknownCategory() async throws {
        // No DBUS_SESSION_BUS_ADDRESS at all: reaching for the bus would fail with 69, not 64.
        let result = try await CtlBinary.run(["run", "--category", "loud", "--", "true"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("'loud'"))
        for name in ["ambient", "solo-ambient", "playback", "record", "play-and-record", "multi-route"] {
            #expect(result.standardError.contains("- \(name)\n"), "missing \(name) in \(result.standardError)")
        }
    }

    @Test("unknown mode and option names are answered with the accepted ones")
    func unknownModeAndOption() async throws {
        let mode = try await CtlBinary.run(["run", "--mode", "karaoke", "--", "true"])
        #expect(mode.status == 64)
        #expect(mode.standardError.contains("voice-prompt"))
        let option = try await CtlBinary.run(["run", "--option", "duck-other", "--", "true"])
        #expect(option.status == 64)
        #expect(option.standardError.contains("duck-others"))
    }

    @Test("an invalid combination exits 64 naming the rule")
    func invalidCombination() async throws {
        let result = try await CtlBinary.run(["run", "--category", "solo-ambient", "--option", "duck-others", "--", "true"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("duck-others needs a mixable category"))
    }

    @Test("no command after -- exits 64 saying how to give one")
    func noCommand() async throws {
        let result = try await CtlBinary.run(["run", "--category", "playback"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("no command to run"))
    }

    @Test("no agent on the bus: run, status, monitor and explain exit 69 with the start hint; CMD never runs")
    func noAgent() async throws {
        let bus = try await PrivateDBus.start()
        defer { bus.stop() }
        let marker = bus.directory + "/ran"
        let environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address]
        let expected =
            "audiosessiond is not running on this session bus (org.audiosession.Agent has no owner); "
            + "start it with `systemctl --user start audiosessiond`"
        for arguments in [["run", "--", "touch", marker], ["status"], ["status", "--json"], ["monitor"], ["explain", "1"]] {
            let result = try await CtlBinary.run(arguments, environment: environment)
            #expect(result.status == 69, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(expected), "\(arguments): \(result.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test("no session bus at all exits 69 saying so")
    func noBus() async throws {
        let result = try await CtlBinary.run(["status"])
        #expect(result.status == 69)
        #expect(result.standardError.contains("DBUS_SESSION_BUS_ADDRESS is not set"))
    }
}
