/// Whose words a journal file's lines are in, told by its header.
///
/// Version 2 lines say which control a level or silence used (``LevelBase``,
/// ``SilenceMechanism``). Version 1 lines, written by agents before that, left it to the backend
/// that wrote them: read once for recovery, they are mapped to today's entries by the server
/// instance (a native PipeWire agent's is `pipewire:NAME:COOKIE`), and the journal is rewritten
/// in version 2 as it is opened.
enum JournalDialect: Hashable, Sendable {
    /// Version 2, what this agent writes.
    case current
    /// Version 1 of the pulse-protocol agent: a duck's base is the sink-input's volume and a
    /// silence a mute.
    case pulseVersion1
    /// Version 1 of the native PipeWire agent: a duck's base is the node's Props factor written as
    /// a one-channel volume (1 = ``StreamVolume/normal``), and a silence (`wasMuted` always
    /// `false`) is the node's Pause.
    case pipeWireVersion1

    /// The version this agent writes.
    static let currentVersion = "2"

    /// The dialect of a journal with this header; `nil` for a version this agent does not read.
    init?(version: Substring, serverInstance: String) {
        switch version {
        case Substring(Self.currentVersion): self = .current
        case "1": self = serverInstance.hasPrefix("pipewire:") ? .pipeWireVersion1 : .pulseVersion1
        default: return nil
        }
    }
}
