import AudioPolicy
import AudioSessionTesting
import PolicyScenarios
import Synchronization

/// Stream states as the native PipeWire agent makes them, read as a user would notice them:
///
/// - **ducked**: the node's Props `volume` factor, read with pw-dump (the agent's duck; pactl keeps
///   showing the user's `channelVolumes`, 100 % here).
/// - **silenced**: the stream is silent. The agent pauses the node and mutes it, and a paused
///   node keeps reporting `running` and is not corked on pipewire-pulse; its mute is no proof
///   that nothing is heard (a node the user had muted is paused alone), so silence is heard:
///   each stream that plays the world's tone (`play`, `agent`) gets a `parec --monitor-stream`
///   recorder of its own sound, before the sink mixes it, from the moment it appears (a paused
///   stream delivers no samples at all). A paused capture stream (an interrupted recorder: the
///   native agent pauses captures too) delivers nothing to its client, so a `record` or
///   `monitor-capture` parec whose output stops growing is silenced. The cause is the engine's,
///   which no server shows.
///
/// Where that cannot tell, the agent's own view decides, which is weaker: a stream its client
/// corked gets or plays nothing whatever the policy says (mpv paused over MPRIS, the prompt that
/// appears corked, a meter closed), and the tables' other streams carry no sound of their own and
/// write nothing out (the peak meter, the loopback of the silent `mic`, the echo canceller, the
/// filter-chain). The tables never expect those silenced; an engine that silenced one would still
/// show here.
final class NodeSoundObserver: ScenarioStreamObserver {
    let pipewire: PrivatePipeWire
    private let recorders = Mutex<[String: MonitorRecorder]>([:])
    /// The capture streams whose client writes what it records out (parec).
    private let capturers = Mutex<Set<String>>([])

    /// The tone plays at RMS 0.35 and a duck to 0.3 leaves 0.1: below 0.01 is silence.
    static let silence = 0.01

    init(pipewire: PrivatePipeWire) {
        self.pipewire = pipewire
    }

    /// The Props factor is a float the agent ramps to the level itself.
    var duckLevelTolerance: Double { 0.01 }

    func placed(_ stream: ScenarioStream, _ placed: PlacedStream) async throws {
        if stream.kind == .record || stream.kind == .monitorCapture {
            capturers.withLock { _ = $0.insert(stream.name) }
            return
        }
        guard stream.kind == .play || stream.kind == .agent else { return }
        let recorder = try await MonitorRecorder.start(monitoringStream: placed.index, in: pipewire)
        recorders.withLock { $0[stream.name] = recorder }
        // A recorder that is not linked yet hears nothing: it would take any stream for silenced.
        try await waitUntil("the monitor of stream \(stream.name) is linked to its node", timeout: .seconds(15)) {
            try await self.isMonitored(serial: placed.index)
        }
    }

    func removing(_ name: String) {
        capturers.withLock { _ = $0.remove(name) }
        recorders.withLock { $0.removeValue(forKey: name) }?.stop()
    }

    func stop() {
        for recorder in recorders.withLock({ recorders in defer { recorders = [:] }; return recorders.values }) { recorder.stop() }
    }

    func states(
        of streams: [String: PlacedStream], engineSilence: (StreamID) -> ScenarioStreamState?
    ) async throws -> [String: ScenarioStreamState] {
        let nodes = try await pipewire.nodes()
        let corked = Set(try await ServerStreamRow.list(.playback, on: pipewire).filter(\.isCorked).map(\.index))
        let recorders = recorders.withLock { $0 }
        var states: [String: ScenarioStreamState] = [:]
        var heard: [String: MonitorRecorder] = [:]
        var capturing: [String: ChildProcess] = [:]
        let recorded = capturers.withLock { $0 }
        for (name, placed) in streams {
            guard let node = nodes.first(where: { $0.serial == placed.index }) else { continue }
            let factor = node.props?["volume"]?.number ?? 1
            states[name] = abs(factor - 1) < 1e-6 ? .playing : .ducked(level: factor)
            if let recorder = recorders[name], !corked.contains(placed.index) {
                heard[name] = recorder
            } else if let client = placed.process, placed.direction == .capture, recorded.contains(name) {
                capturing[name] = client
            } else if let silenced = engineSilence(placed.id) {
                states[name] = silenced
            }
        }
        let levels = try await withThrowingTaskGroup(of: (String, Double).self) { group in
            for (name, recorder) in heard {
                group.addTask { (name, try await recorder.rms(over: .milliseconds(150), grace: .milliseconds(400))) }
            }
            for (name, client) in capturing {
                // A capture has no level to speak of here (the mic is silent): 1 while it records.
                group.addTask { (name, try await Self.isCapturing(client) ? 1 : 0) }
            }
            return try await group.reduce(into: [String: Double]()) { $0[$1.0] = $1.1 }
        }
        for (name, level) in levels where level < Self.silence {
            guard let placed = streams[name] else { continue }
            states[name] = engineSilence(placed.id) ?? .silenced(nil)
        }
        return states
    }

    /// Whether `client` (parec at 50 ms latency) writes more of what it records within half a second.
    private static func isCapturing(_ client: ChildProcess) async throws -> Bool {
        let before = client.standardOutputByteCount
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(500))
        while clock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
            if client.standardOutputByteCount > before { return true }
        }
        return false
    }

    /// Whether a link runs from the node of stream `serial` to a capture stream (the recorder).
    private func isMonitored(serial: Int) async throws -> Bool {
        let objects = try await pipewire.objects()
        let nodes = PipeWireObjects.nodes(in: objects)
        guard let node = nodes.first(where: { $0.serial == serial }) else { return false }
        let captures = Set(nodes.filter { $0.properties["media.class"] == "Stream/Input/Audio" }.map { String($0.id) })
        return objects.contains { object in
            object.type == "PipeWire:Interface:Link" && object.properties["link.output.node"] == String(node.id)
                && object.properties["link.input.node"].map(captures.contains) == true
        }
    }
}
