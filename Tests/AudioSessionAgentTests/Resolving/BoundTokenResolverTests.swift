import AudioPolicy
import Testing

@testable import AudioSessionAgent

/// Tokens as capabilities (issue 18): a session that binds its token is joined through it only by
/// streams of its bound clients; a bearer token (`audiosessionctl run`'s) by any client.
@Suite("Stream-to-session resolver: bound and bearer tokens")
struct BoundTokenResolverTests {
    // shell (600) ── call app (610) · shell (600) ── intruder (620)
    let table = FakeProcessTable(processes: [
        600: .init(parent: 1),
        610: .init(parent: 600),
        620: .init(parent: 600),
    ])
    let call = SessionCandidate(id: "call", token: "call-1", processID: 610, tokenUse: .bound, boundClients: [7])
    let run = SessionCandidate(id: "run", token: "run-1", processID: 4000, tokenUse: .bearer)
    var resolver: StreamSessionResolver<FakeProcessTable> { StreamSessionResolver(processes: table) }

    @Test("the bound client's stream joins by the token")
    func boundClient() {
        let origin = StreamOrigin(streamProperties: ["audiosession.token": "call-1"], processID: 610, clientIndex: 7)
        #expect(
            resolver.resolve(origin, among: [call, run])
                == SessionResolution(session: "call", match: .libraryToken("call-1")))
    }

    @Test("another client's stream carrying the token is not joined by it, and the resolution says why")
    func borrowedToken() {
        let origin = StreamOrigin(streamProperties: ["audiosession.token": "call-1"], processID: 620, clientIndex: 9)
        let resolution = resolver.resolve(origin, among: [call, run])
        #expect(resolution.session == nil)
        #expect(
            resolution.refusedToken
                == "session token call-1 not accepted: session call binds its token to its own sound-server client, "
                + "and client 9 is not bound to it")
        #expect(resolution.description.hasPrefix("no session; session token call-1 not accepted"))
    }

    @Test("a borrowed token through PULSE_PROP (the client's properties) is not accepted either")
    func borrowedThroughEnvironment() {
        let origin = StreamOrigin(
            streamProperties: ["audiosession.token": "call-1"], clientProperties: ["audiosession.token": "call-1"],
            processID: 620, clientIndex: 9)
        #expect(resolver.resolve(origin, among: [call, run]).session == nil)
    }

    @Test("an unbound client of the session's own process still finds it by the later rules")
    func ownProcessUnbound() {
        let origin = StreamOrigin(streamProperties: ["audiosession.token": "call-1"], processID: 610, clientIndex: 8)
        let resolution = resolver.resolve(origin, among: [call, run])
        #expect(resolution.session == "call")
        #expect(resolution.match == .processAncestry(sessionProcessID: 610, generations: 0))
        #expect(resolution.refusedToken != nil)
    }

    @Test("a bearer token joins from any client")
    func bearer() {
        let origin = StreamOrigin(streamProperties: [:], clientProperties: ["audiosession.token": "run-1"], processID: 620, clientIndex: 9)
        #expect(
            resolver.resolve(origin, among: [call, run])
                == SessionResolution(session: "run", match: .environmentToken("run-1", source: .clientProperties)))
    }
}
