import Testing

@testable import AudioSessionAgent

@Suite("/proc file and property text parsing")
struct ProcFilesTests {
    @Test("the parent comes after the last ')' even when the command name holds ') ('")
    func statWithAwkwardName() {
        let stat = "4242 (evil) (name 1) S 4100 4242 4100 0 -1 4194560 108 0 0 0"
        #expect(ProcFiles.parentProcessID(fromStat: Array(stat.utf8)) == 4100)
        #expect(ProcFiles.parentProcessID(fromStat: Array("garbage".utf8)) == nil)
    }

    @Test("the innermost app unit of a cgroup v2 path; none outside one")
    func cgroup() {
        let app =
            "0::/user.slice/user-1000.slice/user@1000.service/app.slice/app-gnome-org.gnome.Rhythmbox3-4100.scope\n"
        #expect(ProcFiles.appScope(fromCgroup: Array(app.utf8)) == "app-gnome-org.gnome.Rhythmbox3-4100.scope")
        let service = "0::/user.slice/user-1000.slice/user@1000.service/app.slice/app-org.gnome.Terminal.service\n"
        #expect(ProcFiles.appScope(fromCgroup: Array(service.utf8)) == "app-org.gnome.Terminal.service")
        let session = "0::/user.slice/user-1000.slice/session-3.scope\n"
        #expect(ProcFiles.appScope(fromCgroup: Array(session.utf8)) == nil)
    }

    @Test("the [Application] name of a .flatpak-info key file")
    func flatpakInfo() {
        let info = "[Instance]\nname=wrong\ninstance-id=1\n\n[Application]\n name = org.example.Player \nruntime=x\n"
        #expect(ProcFiles.applicationName(fromFlatpakInfo: Array(info.utf8)) == "org.example.Player")
        #expect(ProcFiles.applicationName(fromFlatpakInfo: Array("[Instance]\nname=x\n".utf8)) == nil)
    }

    @Test("one variable of a NUL-separated environ, not a longer name that starts the same")
    func environ() {
        let environ = Array("PULSE_PROPERTIES=no\0PULSE_PROP=audiosession.token=a\0HOME=/h\0".utf8)
        #expect(ProcFiles.variable("PULSE_PROP", fromEnviron: environ) == "audiosession.token=a")
        #expect(ProcFiles.variable("PATH", fromEnviron: environ) == nil)
    }

    @Test(
        "PULSE_PROP and PIPEWIRE_PROPS texts",
        arguments: [
            ("audiosession.token=s-1 media.role=music", "s-1"),
            ("media.role='phone call' audiosession.token='s 2'", "s 2"),
            ("{ audiosession.token = \"s-3\", media.role = Music }", "s-3"),
            ("{ \"audiosession.token\": \"s-4\" }", nil),
            ("audiosession.token: s-5", "s-5"),
            ("bare words only", nil),
            ("=== ,,, }{", nil),
        ] as [(String, String?)])
    func propertyText(text: String, token: String?) {
        #expect(PropertyListText.properties(from: text)["audiosession.token"] == token)
    }
}
