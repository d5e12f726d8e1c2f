import AudioPolicy
import SoundServer

/// The streams the agent has told the engine about, as the server showed them last, shared by the
/// translator (which fills it) and the enforcer (which looks streams up to command them).
///
/// Isolated to the server loop (``ServerLoopActor``): the loop thread's reactions, decision sinks
/// called under the coordinator's outer lock, timer actions.
@ServerLoopActor
final class ServerStreamTable {
    /// The server instance the streams belong to.
    let instance: ServerInstance
    /// The graph as of the last event the translator handled.
    var graph = Graph()
    private var streams: [StreamID: SoundStream] = [:]
    private var refs: [GraphObjectID: ServerStreamRef] = [:]

    /// The instance's part of every stream name.
    private let instanceShortName: String

    nonisolated init(instance: ServerInstance) {
        self.instance = instance
        self.instanceShortName = ServerStreamRef.shortName(of: instance)
    }

    /// The stream the engine knows as `id`, as the server showed it last.
    func stream(_ id: StreamID) -> SoundStream? { streams[id] }

    /// The agent's name for a stream the engine knows.
    func ref(of id: GraphObjectID) -> ServerStreamRef? { refs[id] }

    /// The live stream with journal key `serial`, if the engine knows it.
    func stream(withSerial serial: StreamSerial) -> (ServerStreamRef, SoundStream)? {
        for ref in refs.values where ref.serial == serial {
            if let stream = streams[ref.id] { return (ref, stream) }
        }
        return nil
    }

    /// Every stream the engine knows, by name.
    var all: [(ServerStreamRef, SoundStream)] {
        refs.values.compactMap { ref in streams[ref.id].map { (ref, $0) } }
    }

    /// Records a stream's current state and returns its name.
    @discardableResult
    func store(_ stream: SoundStream) -> ServerStreamRef {
        let ref = refs[stream.id] ?? ServerStreamRef(stream, instanceShortName: instanceShortName)
        refs[stream.id] = ref
        streams[ref.id] = stream
        return ref
    }

    /// Forgets a stream that has gone and returns its name, if it was known.
    @discardableResult
    func remove(_ stream: SoundStream) -> ServerStreamRef? {
        guard let ref = refs.removeValue(forKey: stream.id) else { return nil }
        streams[ref.id] = nil
        return ref
    }

    /// Whether the engine knows the stream.
    func contains(_ stream: SoundStream) -> Bool { refs[stream.id] != nil }
}
