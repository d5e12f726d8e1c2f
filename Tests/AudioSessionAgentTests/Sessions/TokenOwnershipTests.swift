import AudioSessionContract
import AudioPolicy
import AudioSessionAgent
import Testing

/// Who may have a stream token again: only the holder of its secret (issue 18, dead tokens).
@Suite("Stream token ownership")
struct TokenOwnershipTests {
    let maps = BusCaller(uniqueName: ":1.42", processID: 4242, userID: 1000)
    let stranger = BusCaller(uniqueName: ":1.66", processID: 6666, userID: 1000)

    @Test("an ended session's token goes to nobody without its secret; its owner gets it back with the secret")
    func deadToken() throws {
        var registry = SessionRegistry()
        let (session, secret) = try registry.register(SessionProperties(), from: maps, secret: .random())
        #expect(session.token == secret.token)
        _ = registry.connectionClosed(maps.uniqueName)

        var claim = try SessionProperties(wire: ["stream-token": .string(session.token.rawValue)])
        #expect(throws: SessionRegistryError.tokenNotProven) { try registry.register(claim, from: stranger, secret: .random()) }
        claim.tokenSecret = .random()
        #expect(throws: SessionRegistryError.tokenNotProven) { try registry.register(claim, from: stranger, secret: .random()) }

        claim.tokenSecret = secret
        let again = try registry.register(claim, from: maps, secret: .random())
        #expect(again.session.token == session.token)
        #expect(again.secret == secret)
        #expect(SessionRegistryError.tokenNotProven.busErrorName == .accessDenied)
        #expect("\(SessionRegistryError.tokenNotProven)".contains("stream-token-secret"))
    }

    @Test("a live session's token is not given twice, even with its secret")
    func liveToken() throws {
        var registry = SessionRegistry()
        let (_, secret) = try registry.register(SessionProperties(), from: maps, secret: .random())
        var claim = SessionProperties()
        claim.tokenSecret = secret
        #expect(throws: SessionRegistryError.tokenInUse) { try registry.register(claim, from: maps, secret: .random()) }
    }

    @Test("sessions bind their token by default, and each has its own client nonce; `stream-token-use` says otherwise")
    func tokenUse() throws {
        var registry = SessionRegistry()
        let first = try registry.register(SessionProperties(), from: maps, secret: .random()).session
        let second = try registry.register(
            try SessionProperties(wire: ["stream-token-use": .string("bearer")]), from: maps, secret: .random()
        ).session
        #expect(first.tokenUse == .bound)
        #expect(second.tokenUse == .bearer)
        #expect(first.clientNonce != second.clientNonce)
        #expect(StreamToken.isWellFormed(first.clientNonce))
        #expect(throws: SessionRegistryError.invalidProperty("stream-token-use", expected: "bound or bearer")) {
            try SessionProperties(wire: ["stream-token-use": .string("shared")])
        }
    }
}
