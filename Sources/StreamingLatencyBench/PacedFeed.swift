import AudioSession
import Foundation

/// Feeds a ``PacketSink`` as a call's far end arrives: one 20 ms packet every 20 ms, on a
/// schedule that does not drift (each deadline 20 ms after the last, not after the last send).
struct PacedFeed {
    static let format = PCMFormat(encoding: .int16, sampleRate: 48_000, channels: 2)
    static let packetFrames = 960
    static let packet: Duration = .milliseconds(20)
    /// A 100 ms 440 Hz tone at half scale, in five packets.
    static let tonePackets: [[UInt8]] = {
        var bytes: [UInt8] = []
        for index in 0..<(5 * packetFrames) {
            let value = Int16(0.5 * 32767 * sin(2 * Double.pi * 440 * Double(index) / 48_000))
            let little = UInt16(bitPattern: value).littleEndian
            for _ in 0..<2 { bytes += [UInt8(truncatingIfNeeded: little), UInt8(truncatingIfNeeded: little >> 8)] }
        }
        let size = packetFrames * 4
        return stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<$0 + size]) }
    }()
    static let silentPacket = [UInt8](repeating: 0, count: packetFrames * 4)

    let sink: any PacketSink
    private let clock = ContinuousClock()
    private var deadline: ContinuousClock.Instant

    init(sink: any PacketSink) {
        self.sink = sink
        deadline = clock.now
    }

    /// Silent packets for about `duration`; the schedule then moves by what is left of a packet,
    /// so that tones fall at varied points of the server's period.
    mutating func silence(for duration: Duration) async throws {
        let end = deadline + duration
        while deadline + Self.packet <= end { try await send(Self.silentPacket) }
        deadline = end
    }

    /// The tone's packets; returns when its first packet was handed over.
    mutating func tone() async throws -> ContinuousClock.Instant {
        var first: ContinuousClock.Instant?
        for packet in Self.tonePackets {
            try await clock.sleep(until: deadline)
            let now = clock.now
            try await sink.send(packet)
            if first == nil { first = now }
            deadline += Self.packet
        }
        return first ?? clock.now
    }

    private mutating func send(_ packet: [UInt8]) async throws {
        try await clock.sleep(until: deadline)
        try await sink.send(packet)
        deadline += Self.packet
    }
}
