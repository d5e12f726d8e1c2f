import AudioSessionContract
import AudioPolicy
import AudioSessionAgent
import AudioSessionModel
import Testing

/// The session registry: ownership by connection, bounds, and what a departing connection means.
@Suite("Session registry")
struct SessionRegistryTests {
    let maps = BusCaller(uniqueName: ":1.42", processID: 4242, userID: 1000, processBinary: "maps", flatpakID: "org.example.Maps")
    let player = BusCaller(uniqueName: ":1.50", processID: 5050, userID: 1000)

    @Test("a session records its owner, and its app from the bus plus the declared application id")
    func registration() throws {
        var registry = SessionRegistry()
        let session = try registry.register(SessionProperties(applicationID: "org.example.Maps.Desktop"), from: maps)
        #expect(session.owner == maps)
        #expect(session.app == AppIdentity(
            applicationID: "org.example.Maps.Desktop", processBinary: "maps", flatpakID: "org.example.Maps", processID: 4242,
            evidence: .init(applicationID: .declared, processBinary: .verified, flatpakID: .verified, portalAppID: .verified, processID: .verified)))
        #expect(session.configuration == .initial)
        #expect(session.registrationEvent == .sessionRegistered(session.id, app: session.app))
        #expect(registry[session.id] == session)
        #expect(registry.sessions(ownedBy: maps.uniqueName) == [session])
        #expect(registry.sessions(ownedBy: player.uniqueName).isEmpty)
    }

    @Test("session ids are never reused, even after a session ends")
    func idsAreNotReused() throws {
        var registry = SessionRegistry()
        let first = try registry.register(SessionProperties(), from: maps)
        _ = try registry.unregister(first.id, by: maps.uniqueName)
        let second = try registry.register(SessionProperties(), from: maps)
        #expect(first.id != second.id)
        #expect(registry[first.id] == nil)
    }

    @Test("the owner's calls become engine events")
    func ownerCalls() throws {
        var registry = SessionRegistry()
        let id = try registry.register(SessionProperties(), from: maps).id
        let configured = try registry.configure(
            id, by: maps.uniqueName, category: "playback", mode: "voice-prompt", options: ["duck-others"])
        let expected = try SessionConfiguration(category: .playback, mode: .voicePrompt, options: [.duckOthers])
        #expect(configured == .sessionConfigured(id, expected))
        #expect(registry[id]?.configuration == expected)
        #expect(try registry.activate(id, by: maps.uniqueName) == .sessionActivated(id))
        #expect(try registry.deactivate(id, by: maps.uniqueName, notifyOthers: true) == .sessionDeactivated(id, notifyOthers: true))
        #expect(try registry.deactivate(id, by: maps.uniqueName, notifyOthers: false) == .sessionDeactivated(id, notifyOthers: false))
        #expect(try registry.unregister(id, by: maps.uniqueName) == .sessionEnded(id))
        #expect(registry.sessions.isEmpty)
    }

    @Test("another connection gets AccessDenied for every call on the session and changes nothing")
    func accessDenied() throws {
        var registry = SessionRegistry()
        let id = try registry.register(SessionProperties(), from: maps).id
        let intruder = player.uniqueName
        let denied = SessionRegistryError.accessDenied(id)

        #expect(throws: denied) { try registry.configure(id, by: intruder, category: "record", mode: "default", options: []) }
        #expect(throws: denied) { try registry.activate(id, by: intruder) }
        #expect(throws: denied) { try registry.deactivate(id, by: intruder, notifyOthers: true) }
        #expect(throws: denied) { try registry.unregister(id, by: intruder) }
        #expect(throws: denied) { try registry.session(id, ownedBy: intruder) }

        #expect(registry[id]?.configuration == .initial)
        #expect(registry.sessions.map(\.id) == [id])
        #expect(denied.busErrorName == .accessDenied)
        #expect(denied.busErrorName.rawValue == "org.freedesktop.DBus.Error.AccessDenied")
        #expect("\(denied)" == "session \(id) belongs to another connection; a connection acts only on sessions it registered")
    }

    @Test("the access check comes before the arguments are read: a stranger learns nothing from a bad name")
    func accessBeforeValidation() throws {
        var registry = SessionRegistry()
        let id = try registry.register(SessionProperties(), from: maps).id
        #expect(throws: SessionRegistryError.accessDenied(id)) {
            try registry.configure(id, by: player.uniqueName, category: "loud", mode: "default", options: [])
        }
    }

    @Test("an unknown session is NoSuchSession, for owner and stranger alike")
    func noSuchSession() {
        var registry = SessionRegistry()
        #expect(throws: SessionRegistryError.noSuchSession("9")) { try registry.activate("9", by: maps.uniqueName) }
        #expect(throws: SessionRegistryError.noSuchSession("9")) { try registry.unregister("9", by: player.uniqueName) }
        #expect(SessionRegistryError.noSuchSession("9").busErrorName.rawValue == "org.audiosession.Error.NoSuchSession")
    }

    @Test("a connection may hold a bounded number of sessions; the refusal says the limit and what to do")
    func boundPerConnection() throws {
        var registry = SessionRegistry(limits: SessionLimits(perConnection: 3, perApp: 100, total: 100))
        let held = try (1...3).map { _ in try registry.register(SessionProperties(), from: maps) }
        let refusal = SessionRegistryError.tooManySessions(connection: maps.uniqueName, limit: 3)
        #expect(throws: refusal) { try registry.register(SessionProperties(), from: maps) }
        #expect("\(refusal)".contains("connection :1.42 already holds 3 sessions"))
        #expect("\(refusal)".contains("UnregisterSession"))
        #expect(refusal.busErrorName.rawValue == "org.audiosession.Error.TooManySessions")
        #expect(registry.sessions(ownedBy: maps.uniqueName).count == 3)

        // The bound is per connection: another app is not affected, and freeing one makes room.
        _ = try registry.register(SessionProperties(), from: player)
        _ = try registry.unregister(held[0].id, by: maps.uniqueName)
        _ = try registry.register(SessionProperties(), from: maps)
    }

    @Test("all connections together are bounded too")
    func boundInAll() throws {
        var registry = SessionRegistry(limits: SessionLimits(perConnection: 2, perApp: 3, total: 3))
        for number in 0..<3 { _ = try registry.register(SessionProperties(), from: BusCaller(uniqueName: ":1.\(number)")) }
        #expect(throws: SessionRegistryError.tooManySessions(limit: 3)) {
            try registry.register(SessionProperties(), from: BusCaller(uniqueName: ":1.99"))
        }
    }

    @Test("an app over many connections is bounded as one: its Flatpak id, else its binary; others still register")
    func boundPerApp() throws {
        var registry = SessionRegistry(limits: SessionLimits(perConnection: 2, perApp: 3, total: 100))
        func hog(_ number: Int) -> BusCaller { BusCaller(uniqueName: ":1.\(100 + number)", processID: Int32(100 + number), processBinary: "hog") }
        for number in 0..<3 { _ = try registry.register(SessionProperties(), from: hog(number)) }
        let refusal = SessionRegistryError.tooManySessions(app: AppAccount(hog(0)), limit: 3)
        #expect(throws: refusal) { try registry.register(SessionProperties(), from: hog(7)) }
        #expect("\(refusal)".contains("the app (binary hog) already holds 3 sessions"), "\(refusal)")
        #expect(refusal.busErrorName.rawValue == "org.audiosession.Error.TooManySessions")

        // Another binary, a Flatpak app (whatever its proxy's binary) and a caller /proc says nothing of are others.
        _ = try registry.register(SessionProperties(), from: BusCaller(uniqueName: ":1.200", processBinary: "maps"))
        let sandboxed = BusCaller(uniqueName: ":1.201", processBinary: "hog", flatpakID: "org.example.Hog")
        _ = try registry.register(SessionProperties(), from: sandboxed)
        #expect(AppAccount(sandboxed).description == "Flatpak app org.example.Hog")
        _ = try registry.register(SessionProperties(), from: BusCaller(uniqueName: ":1.202"))
        #expect(AppAccount(BusCaller(uniqueName: ":1.202")).description == "connection :1.202")

        // A connection of the app leaving makes room for the app again.
        _ = registry.connectionClosed(":1.100")
        _ = try registry.register(SessionProperties(), from: hog(7))
    }

    @Test("a connection that goes away ends exactly its own sessions, in registration order")
    func connectionClosed() throws {
        var registry = SessionRegistry()
        let first = try registry.register(SessionProperties(), from: maps).id
        let other = try registry.register(SessionProperties(), from: player).id
        let second = try registry.register(SessionProperties(), from: maps).id

        #expect(registry.connectionClosed(maps.uniqueName) == [.sessionEnded(first), .sessionEnded(second)])
        #expect(registry.sessions.map(\.id) == [other])
        #expect(registry.sessions(ownedBy: maps.uniqueName).isEmpty)
        #expect(registry.connectionClosed(maps.uniqueName).isEmpty)
        #expect(registry.connectionClosed(":1.999").isEmpty)
    }

    @Test("a stream token finds its session while the session lives, and is never shared")
    func streamTokens() throws {
        var registry = SessionRegistry()
        let token = StreamToken(rawValue: "0123456789abcdef0123456789abcdef")
        let session = try registry.register(SessionProperties(), from: maps, token: token)
        #expect(registry.session(forStreamToken: token) == session)
        #expect(throws: SessionRegistryError.tokenInUse) { try registry.register(SessionProperties(), from: player, token: token) }
        _ = registry.connectionClosed(maps.uniqueName)
        #expect(registry.session(forStreamToken: token) == nil)
    }

    @Test("random stream tokens are 32 hex digits and differ")
    func randomTokens() {
        let tokens = (0..<50).map { _ in StreamToken.random().rawValue }
        #expect(Set(tokens).count == tokens.count)
        for token in tokens {
            #expect(token.count == 32)
            #expect(token.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        }
    }
}
