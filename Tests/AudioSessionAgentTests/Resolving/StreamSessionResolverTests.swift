import AudioPolicy
import Testing

@testable import AudioSessionAgent

@Suite("Stream-to-session resolver: the rules and their order")
struct StreamSessionResolverTests {
    // systemd --user (500) ─┬─ terminal (600, app-terminal.scope) ── shell (610) ── player (620) ── helper (630)
    //                       ├─ editor (700, app-editor.scope) · editor worker (710, same scope, parent 500)
    //                       └─ flatpak app (800, com.example.Music) · flatpak helper (810, com.example.Music)
    let table = FakeProcessTable(processes: [
        500: .init(parent: 1),
        600: .init(parent: 500, scope: "app-terminal.scope"),
        610: .init(parent: 600, scope: "app-terminal.scope"),
        620: .init(
            parent: 610, scope: "app-terminal.scope",
            environment: ["PULSE_PROP": "audiosession.token=run-1 media.role=music"]),
        630: .init(parent: 620, scope: "app-terminal.scope"),
        700: .init(parent: 500, scope: "app-editor.scope"),
        710: .init(parent: 500, scope: "app-editor.scope"),
        800: .init(parent: 500, flatpak: "com.example.Music"),
        810: .init(parent: 500, flatpak: "com.example.Music"),
        900: .init(
            parent: 500, environment: ["PIPEWIRE_PROPS": "{ audiosession.token = \"pw-1\", media.role = Music }"]),
    ])
    let sessions = [
        SessionCandidate(id: "lib", token: "lib-1", processID: 620),
        SessionCandidate(id: "run", token: "run-1", processID: 610),
        SessionCandidate(id: "shell", token: "shell-1", processID: 600),
        SessionCandidate(id: "editor", token: "editor-1", processID: 700),
        SessionCandidate(id: "music", token: "music-1", processID: 800),
        SessionCandidate(id: "pw", token: "pw-1", processID: 4000),
    ]
    var resolver: StreamSessionResolver<FakeProcessTable> { StreamSessionResolver(processes: table) }

    @Test("1: the library's token on the stream wins over everything else")
    func libraryToken() {
        let origin = StreamOrigin(streamProperties: ["audiosession.token": "lib-1"], processID: 620)
        #expect(
            resolver.resolve(origin, among: sessions)
                == SessionResolution(session: "lib", match: .libraryToken("lib-1")))
    }

    @Test("2: a token from PULSE_PROP is the environment's, even when the server copied it onto the stream")
    func environmentTokenOnStream() {
        let copied = StreamOrigin(
            streamProperties: ["audiosession.token": "run-1"], clientProperties: ["audiosession.token": "run-1"],
            processID: 630)
        #expect(
            resolver.resolve(copied, among: sessions)
                == SessionResolution(session: "run", match: .environmentToken("run-1", source: .clientProperties)))
        let fromEnviron = StreamOrigin(streamProperties: ["audiosession.token": "run-1"], processID: 620)
        #expect(
            resolver.resolve(fromEnviron, among: sessions)
                == SessionResolution(
                    session: "run", match: .environmentToken("run-1", source: .processEnvironment("PULSE_PROP"))))
    }

    @Test("2: PIPEWIRE_PROPS in the process's environment, read as PipeWire's relaxed JSON")
    func pipewireProps() {
        let origin = StreamOrigin(streamProperties: [:], processID: 900)
        #expect(
            resolver.resolve(origin, among: sessions)
                == SessionResolution(
                    session: "pw", match: .environmentToken("pw-1", source: .processEnvironment("PIPEWIRE_PROPS"))))
    }

    @Test("the library's own token beats the launcher's when they differ")
    func libraryTokenInsideRun() {
        let origin = StreamOrigin(
            streamProperties: ["audiosession.token": "lib-1"], clientProperties: ["audiosession.token": "run-1"],
            processID: 620)
        #expect(resolver.resolve(origin, among: sessions).match == .libraryToken("lib-1"))
    }

    @Test("a token of an ended session does not match; the later rules still may")
    func staleToken() {
        let origin = StreamOrigin(streamProperties: ["audiosession.token": "gone"], processID: 700)
        #expect(
            resolver.resolve(origin, among: sessions)
                == SessionResolution(session: "editor", match: .processAncestry(sessionProcessID: 700, generations: 0)))
    }

    @Test("3: the nearest ancestor that registered a session")
    func ancestry() {
        let withoutEnvironment = FakeProcessTable(
            processes: table.processes.mapValues {
                var p = $0
                p.environment = [:]
                return p
            })
        let resolver = StreamSessionResolver(processes: withoutEnvironment)
        #expect(
            resolver.resolve(StreamOrigin(streamProperties: [:], processID: 630), among: sessions)
                == SessionResolution(session: "lib", match: .processAncestry(sessionProcessID: 620, generations: 1)))
        #expect(
            resolver.resolve(StreamOrigin(streamProperties: [:], processID: 630), among: Array(sessions.dropFirst(2)))
                == SessionResolution(session: "shell", match: .processAncestry(sessionProcessID: 600, generations: 3)))
    }

    @Test("3: a process in a session's systemd app scope, though not its descendant")
    func appScope() {
        #expect(
            resolver.resolve(StreamOrigin(streamProperties: [:], processID: 710), among: sessions)
                == SessionResolution(session: "editor", match: .appScope("app-editor.scope")))
    }

    @Test("4: the same Flatpak app, from the server's property or the process's .flatpak-info")
    func flatpak() {
        #expect(
            resolver.resolve(StreamOrigin(streamProperties: [:], processID: 810), among: sessions)
                == SessionResolution(session: "music", match: .flatpakApp("com.example.Music")))
        let portal = StreamOrigin(
            streamProperties: [:], clientProperties: ["pipewire.access.portal.app_id": "com.example.Music"],
            processID: 12345)
        #expect(resolver.resolve(portal, among: sessions).match == .flatpakApp("com.example.Music"))
    }

    @Test("5: the client's process id, when the process table no longer knows the process")
    func clientProcessID() {
        let gone = StreamOrigin(streamProperties: [:], clientProperties: ["application.process.id": "4000"])
        #expect(
            resolver.resolve(gone, among: sessions) == SessionResolution(session: "pw", match: .clientProcessID(4000)))
    }

    @Test("nothing matches: no session, no rule; PID 1 and loops in the table end the walk")
    func unmatched() {
        #expect(resolver.resolve(StreamOrigin(streamProperties: [:], processID: 500), among: sessions) == .unmatched)
        #expect(resolver.resolve(StreamOrigin(streamProperties: [:]), among: sessions) == .unmatched)
        #expect(resolver.resolve(StreamOrigin(streamProperties: [:], processID: 630), among: []) == .unmatched)
        let loop = FakeProcessTable(processes: [40: .init(parent: 41), 41: .init(parent: 40)])
        let looping = StreamSessionResolver(processes: loop)
        #expect(looping.resolve(StreamOrigin(streamProperties: [:], processID: 40), among: sessions) == .unmatched)
        #expect(
            StreamSessionResolver(processes: table).resolve(
                StreamOrigin(streamProperties: [:], processID: 500),
                among: [SessionCandidate(id: "init", token: "t", processID: 1)])
                == .unmatched)
    }

    @Test("explanations read as sentences")
    func explanation() {
        let resolution = SessionResolution(
            session: "run", match: .environmentToken("run-1", source: .processEnvironment("PULSE_PROP")))
        #expect(
            resolution.description
                == "session run: session token run-1 from the environment (PULSE_PROP of the process)")
        #expect(SessionResolution.unmatched.description == "no session")
    }

    @Test("a Flatpak client's own process id counts in its sandbox: it is never looked up on the host")
    func sandboxedProcessIDIsIgnored() {
        let sandboxed = StreamOrigin(
            streamProperties: [:],
            clientProperties: ["pipewire.access.portal.app_id": "org.other.App", "application.process.id": "630"])
        #expect(resolver.resolve(sandboxed, among: sessions) == .unmatched)
        let trusted = StreamOrigin(
            streamProperties: [:],
            clientProperties: [
                "pipewire.access.portal.app_id": "org.other.App", "application.process.id": "2",
                "pipewire.sec.pid": "630",
            ])
        #expect(
            resolver.resolve(trusted, among: sessions).match == .processAncestry(sessionProcessID: 620, generations: 1))
    }
}
