import AudioSession

/// The contender measured: an ``AudioStreamPlayer`` fed with ``AudioStreamPlayer/enqueue(_:)``.
struct PlayerSink: PacketSink {
    let player: AudioStreamPlayer

    static func start(latency: Duration, session: AudioSession) async throws -> PlayerSink {
        let player = try AudioStreamPlayer(format: PacedFeed.format, latency: latency, name: "bench-stream-player", session: session)
        try await player.play()
        return PlayerSink(player: player)
    }

    func send(_ packet: [UInt8]) async throws { try await player.enqueue(packet) }

    func stop() { player.close() }
}
