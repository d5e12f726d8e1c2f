import AudioSession
import AudioSessionBus
import AudioSessionTesting
import Foundation
import Testing

/// The library's MPRIS player on a real private bus, driven and read by `playerctl` as the
/// desktop's media keys and shell are: commands reach the app's sequence, the app's reports
/// reach `playerctl`, the name goes when the center does.
@Suite(.serialized) struct RemoteCommandCenterTests {
    @Test("playerctl play-pause, next, position and seek reach the app's commands")
    func playerctlCommandsReachTheApp() async throws {
        let rig = try await PlayerctlRig.start()
        defer { rig.stop() }
        let center = try await rig.center()
        defer { center.close() }
        #expect(center.busName == "org.mpris.MediaPlayer2.testplayer")
        center.enabledCommands = .all
        center.nowPlayingInfo = NowPlayingInfo(title: "Clair de lune", artist: "Debussy", duration: .seconds(300))
        let commands = center.commands

        for (arguments, expected) in [
            (["play-pause"], RemoteCommand.togglePlayPause),
            (["pause"], .pause),
            (["play"], .play),
            (["next"], .nextTrack),
            (["previous"], .previousTrack),
            (["stop"], .stop),
            (["position", "10"], .changePlaybackPosition(to: .seconds(10))),
            (["position", "5+"], .seek(by: .seconds(5))),
            (["position", "3-"], .seek(by: .seconds(-3))),
        ] {
            let result = try await rig.bus.run("playerctl", ["--player=testplayer"] + arguments)
            #expect(result.succeeded, "playerctl \(arguments): \(result.standardError)")
            let command = try await nextEvent("the command of playerctl \(arguments.joined(separator: " "))", from: commands)
            #expect(command == expected, "playerctl \(arguments.joined(separator: " "))")
        }
    }

    @Test("playerctl reads the status, metadata and position the app reports")
    func playerctlReadsWhatTheAppReports() async throws {
        let rig = try await PlayerctlRig.start()
        defer { rig.stop() }
        let center = try await rig.center()
        defer { center.close() }
        #expect(try await rig.playerctlOutput("--player=testplayer", "status") == "Stopped")

        center.nowPlayingInfo = NowPlayingInfo(title: "Clair de lune", artist: "Debussy", album: "Suite bergamasque", duration: .seconds(300))
        center.playbackState = .playing
        #expect(try await rig.playerctlOutput("--player=testplayer", "status") == "Playing")
        #expect(try await rig.playerctlOutput("--player=testplayer", "metadata", "title") == "Clair de lune")
        #expect(try await rig.playerctlOutput("--player=testplayer", "metadata", "artist") == "Debussy")
        #expect(try await rig.playerctlOutput("--player=testplayer", "metadata", "album") == "Suite bergamasque")
        #expect(try await rig.playerctlOutput("--player=testplayer", "metadata", "mpris:length") == "300000000")
        // playerctl quotes object paths.
        #expect(try await rig.playerctlOutput("--player=testplayer", "metadata", "mpris:trackid") == "'/org/audiosession/Track/1'")

        center.playbackState = .paused
        center.elapsedTime = .seconds(42)
        #expect(try await rig.playerctlOutput("--player=testplayer", "status") == "Paused")
        #expect(try await rig.playerctlOutput("--player=testplayer", "position") == "42.000000", "a paused player's position stays")

        // Identity and desktop entry, as the shell reads them.
        let identity = try await rig.observer.call(
            destination: center.busName, path: "/org/mpris/MediaPlayer2", interface: "org.freedesktop.DBus.Properties",
            method: "Get", arguments: [.string("org.mpris.MediaPlayer2"), .string("Identity")])
        #expect(identity == [.variant(.string("Test Player"))])
        let desktopEntry = try await rig.observer.call(
            destination: center.busName, path: "/org/mpris/MediaPlayer2", interface: "org.freedesktop.DBus.Properties",
            method: "Get", arguments: [.string("org.mpris.MediaPlayer2"), .string("DesktopEntry")])
        #expect(desktopEntry == [.variant(.string("org.example.TestPlayer"))])
    }

    @Test("every change the app reports is announced with PropertiesChanged, a jump with Seeked")
    func changesAreAnnounced() async throws {
        let rig = try await PlayerctlRig.start()
        defer { rig.stop() }
        let center = try await rig.center()
        defer { center.close() }
        let signals = try await rig.observer.signals(matching: BusMatchRule(sender: center.busName, path: "/org/mpris/MediaPlayer2"))

        center.playbackState = .playing
        let status = try await nextEvent("PlaybackStatus announced", from: signals)
        let (interface, changed, _) = try status.arguments.decode(String.self, [String: BusVariant].self, [String].self)
        #expect(status.member == "PropertiesChanged")
        #expect(interface == "org.mpris.MediaPlayer2.Player")
        #expect(changed["PlaybackStatus"] == BusVariant(.string("Playing")))

        center.nowPlayingInfo = NowPlayingInfo(title: "Gymnopédie")
        let metadata = try await nextEvent("Metadata announced", from: signals)
        let (_, metadataChanged, _) = try metadata.arguments.decode(String.self, [String: BusVariant].self, [String].self)
        guard case .dictionary(_, _, let fields)? = metadataChanged["Metadata"]?.value else {
            Issue.record("no Metadata in \(metadata.arguments)")
            return
        }
        #expect(fields[.string("xesam:title")] == .variant(.string("Gymnopédie")))

        center.enabledCommands = [.play, .pause, .nextTrack]
        let capabilities = try await nextEvent("CanGoNext announced", from: signals)
        let (_, capabilitiesChanged, _) = try capabilities.arguments.decode(String.self, [String: BusVariant].self, [String].self)
        #expect(capabilitiesChanged["CanGoNext"] == BusVariant(.boolean(true)))
        #expect(capabilitiesChanged["CanSeek"] == BusVariant(.boolean(false)))

        center.elapsedTime = .seconds(7)
        let seeked = try await nextEvent("Seeked", from: signals)
        #expect(seeked.member == "Seeked")
        let (position) = try seeked.arguments.decode(Int64.self)
        #expect(position >= 7_000_000, "the position the app jumped to (it runs on while playing)")
    }

    @Test("the name goes away when the center is closed or released")
    func nameGoesWithTheCenter() async throws {
        let rig = try await PlayerctlRig.start()
        defer { rig.stop() }
        var center: RemoteCommandCenter? = try await rig.center()
        let commands = try #require(center?.commands)
        #expect(try await rig.listedPlayers() == ["testplayer"])
        center = nil
        try await waitUntil("playerctl lists no player") { try await rig.listedPlayers().isEmpty }
        await #expect(throws: BusError.self) { try await rig.observer.nameOwner(of: "org.mpris.MediaPlayer2.testplayer") }
        var iterator = commands.makeAsyncIterator()
        #expect(await iterator.next() == nil, "the command sequence ends with the center")

        let closed = try await rig.center()
        #expect(try await rig.listedPlayers() == ["testplayer"])
        closed.close()
        try await waitUntil("playerctl lists no player after close()") { try await rig.listedPlayers().isEmpty }
        let afterClose = try await rig.playerctl("--player=testplayer", "play-pause")
        #expect(!afterClose.succeeded, "no player answers any more")
    }

    @Test("a second player of the same name gets an instance name, and each gets its own commands")
    func takenNameGetsAnInstanceSuffix() async throws {
        let rig = try await PlayerctlRig.start()
        defer { rig.stop() }
        let first = try await rig.center()
        defer { first.close() }
        let second = try await rig.center()
        defer { second.close() }
        let instance = "testplayer.instance\(ProcessInfo.processInfo.processIdentifier)"
        #expect(second.busName == "org.mpris.MediaPlayer2." + instance)
        #expect(Set(try await rig.listedPlayers()) == ["testplayer", instance])

        let firstCommands = first.commands
        let secondCommands = second.commands
        let result = try await rig.playerctl("--player=\(instance)", "play-pause")
        #expect(result.succeeded, "\(result.standardError)")
        #expect(try await nextEvent("the instance's command", from: secondCommands) == .togglePlayPause)
        // `--player=testplayer` matches the instance too, and playerctl takes the first it lists.
        let toFirst = try await rig.playerctl("--player=testplayer", "--ignore-player=\(instance)", "pause")
        #expect(toFirst.succeeded, "\(toFirst.standardError)")
        #expect(try await nextEvent("the first player's command", from: firstCommands) == .pause)
    }

    @Test("a command the app has not enabled, or that nobody listens to, is refused with a reason")
    func refusedCommandsSayWhy() async throws {
        let rig = try await PlayerctlRig.start()
        defer { rig.stop() }
        let center = try await rig.center()
        defer { center.close() }
        let player = (path: BusObjectPath("/org/mpris/MediaPlayer2"), interface: "org.mpris.MediaPlayer2.Player")

        let unheard = await #expect(throws: BusError.self) {
            try await rig.observer.call(destination: center.busName, path: player.path, interface: player.interface, method: "Play")
        }
        #expect(unheard?.name == .failed)
        #expect(unheard?.message.contains("does not listen to its remote commands") == true, "\(String(describing: unheard))")

        let commands = center.commands
        let disabled = await #expect(throws: BusError.self) {
            try await rig.observer.call(destination: center.busName, path: player.path, interface: player.interface, method: "Next")
        }
        #expect(disabled?.name == .notSupported)
        #expect(disabled?.message == "this player does not take Next now (CanGoNext is false)")
        let canGoNext = try await rig.observer.call(
            destination: center.busName, path: player.path, interface: "org.freedesktop.DBus.Properties", method: "Get",
            arguments: [.string(player.interface), .string("CanGoNext")])
        #expect(canGoNext == [.variant(.boolean(false))])

        center.enabledCommands = .all
        let badSeek = await #expect(throws: BusError.self) {
            try await rig.observer.call(
                destination: center.busName, path: player.path, interface: player.interface, method: "Seek", arguments: [.string("10")])
        }
        #expect(badSeek?.name == .invalidArgs)
        #expect(badSeek?.message == "Seek takes (x offset in microseconds), got s")

        // MPRIS: a position for another track, or past the track's end, is ignored.
        center.nowPlayingInfo = NowPlayingInfo(title: "Short", duration: .seconds(60))
        _ = try await rig.observer.call(
            destination: center.busName, path: player.path, interface: player.interface, method: "SetPosition",
            arguments: [.objectPath("/org/example/OtherTrack"), .int64(1_000_000)])
        _ = try await rig.observer.call(
            destination: center.busName, path: player.path, interface: player.interface, method: "SetPosition",
            arguments: [.objectPath("/org/audiosession/Track/1"), .int64(61_000_000)])
        let result = try await rig.playerctl("play")
        #expect(result.succeeded, "\(result.standardError)")
        #expect(try await nextEvent("the next command", from: commands) == .play, "the ignored positions never arrived")
    }

    @Test("introspection describes every property the player serves")
    func introspectionMatchesTheProperties() async throws {
        let rig = try await PlayerctlRig.start()
        defer { rig.stop() }
        let center = try await rig.center()
        defer { center.close() }
        let (xml) = try await rig.observer.call(
            destination: center.busName, path: "/org/mpris/MediaPlayer2", interface: "org.freedesktop.DBus.Introspectable",
            method: "Introspect"
        ).decode(String.self)
        for interface in ["org.mpris.MediaPlayer2", "org.mpris.MediaPlayer2.Player"] {
            #expect(xml.contains("<interface name=\"\(interface)\">"))
            let (properties) = try await rig.observer.call(
                destination: center.busName, path: "/org/mpris/MediaPlayer2", interface: "org.freedesktop.DBus.Properties",
                method: "GetAll", arguments: [.string(interface)]
            ).decode([String: BusVariant].self)
            #expect(properties.count >= 6)
            for (name, value) in properties {
                #expect(xml.contains("<property name=\"\(name)\" type=\"\(value.value.type.signature)\""), "\(interface).\(name)")
            }
        }
        let (root) = try await rig.observer.call(
            destination: center.busName, path: "/org/mpris/MediaPlayer2", interface: "org.freedesktop.DBus.Properties",
            method: "GetAll", arguments: [.string("org.mpris.MediaPlayer2")]
        ).decode([String: BusVariant].self)
        #expect(root["CanQuit"] == BusVariant(.boolean(false)))
        #expect(root["Identity"] == BusVariant(.string("Test Player")))
    }

    @Test("a bad player name or an unreachable bus is a clear error")
    func errorsSayWhatWasWrong() async throws {
        let rig = try await PlayerctlRig.start()
        defer { rig.stop() }
        let badName = await #expect(throws: RemoteCommandCenterError.self) {
            _ = try await RemoteCommandCenter(playerName: "org.example.Music", identity: "Music", busAddress: rig.bus.address)
        }
        #expect(badName?.code == .invalidPlayerName)
        #expect(badName?.message.contains("'org.example.Music' cannot be an MPRIS player name") == true, "\(String(describing: badName))")
        #expect(try await rig.listedPlayers().isEmpty, "nothing is published for a bad name")

        let address = "unix:path=\(rig.bus.directory)/no-such-bus"
        let noBus = await #expect(throws: RemoteCommandCenterError.self) {
            _ = try await RemoteCommandCenter(playerName: "music", identity: "Music", busAddress: address)
        }
        #expect(noBus?.code == .busUnavailable)
        #expect(noBus?.message.contains("cannot reach the session bus at \(address)") == true, "\(String(describing: noBus))")
    }
}
