public import AudioPolicy
public import SoundServer

/// One stream of the sound server as the agent names it: the engine's ``StreamID``, the journal's
/// ``StreamSerial``, and the kind and index the server's commands take.
///
/// The serial is never reused while the server runs: pipewire-pulse reports the node's
/// `object.serial`, and PulseAudio numbers its sink inputs and source outputs in increasing order
/// (its index sets count up; an index is not given out again before the counter wraps at 2³²), so
/// there the index is the serial. Capture streams get the top bit set, so a sink input and a
/// source output with the same index never share a journal key.
///
/// ```swift
/// let ref = ServerStreamRef(stream, instance: info.instance)
/// ref.id        // "sink-input:42@5d3f0a1c"
/// ref.serial    // 42
/// ```
public struct ServerStreamRef: Hashable, Sendable {
    /// Playback or capture.
    public var kind: SoundStream.Kind
    /// The server's index, for commands.
    public var index: UInt32
    /// The journal's key for the stream.
    public var serial: StreamSerial
    /// The engine's name for the stream: kind, serial and the server instance.
    public var id: StreamID

    /// The name of `stream` on the server instance `instance`.
    public init(_ stream: SoundStream, instance: ServerInstance) {
        self.init(stream, instanceShortName: Self.shortName(of: instance))
    }

    /// The name of `stream` on the instance whose ``shortName(of:)`` is `instanceShortName`
    /// (worked out once per server, not for every stream).
    init(_ stream: SoundStream, instanceShortName: String) {
        kind = stream.kind
        index = stream.index
        let number = stream.serial ?? UInt64(stream.index)
        serial = StreamSerial(rawValue: stream.kind == .capture ? number | Self.captureBit : number)
        id = StreamID("\(stream.id.kind.rawValue):\(number)@\(instanceShortName)")
    }

    static let captureBit: UInt64 = 1 << 63

    /// Eight hex digits that tell server instances apart in stream ids without spelling out the
    /// whole instance.
    static func shortName(of instance: ServerInstance) -> String {
        let digits = String(CRC32.checksum(instance.rawValue.utf8), radix: 16)
        return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}
