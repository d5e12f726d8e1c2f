/// Where the bench hands its 20 ms packets: the contender being measured.
protocol PacketSink: Sendable {
    /// Hands `packet` (48 kHz stereo s16le) over; returns once the contender has taken it.
    func send(_ packet: [UInt8]) async throws
    func stop()
}
