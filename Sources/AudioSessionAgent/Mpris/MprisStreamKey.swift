import SoundServer

/// A silenced stream as the pauser remembers it: its kind and server index.
struct MprisStreamKey: Hashable, Sendable {
    var kind: SoundStream.Kind
    var index: UInt32

    init(_ stream: SoundStream) {
        kind = stream.kind
        index = stream.index
    }
}
