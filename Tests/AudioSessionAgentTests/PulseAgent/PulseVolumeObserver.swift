import AudioPolicy
import AudioSessionTesting
import Foundation
import PolicyScenarios

/// Stream states as the pulse protocol shows them, with pactl: silenced = muted (the pulse agent
/// mutes), ducked = the volume's cube relative to 100 % (it lowers the stream's volume).
struct PulseVolumeObserver<Server: PulseProtocolServer>: ScenarioStreamObserver {
    let server: Server

    /// pactl shows whole percents: ∛0.3 shows as 67 %, which is 0.3008 in amplitude.
    var duckLevelTolerance: Double { 0.02 }

    func placed(_ stream: ScenarioStream, _ placed: PlacedStream) async throws {}
    func removing(_ name: String) {}
    func stop() {}

    func states(
        of streams: [String: PlacedStream], engineSilence: (StreamID) -> ScenarioStreamState?
    ) async throws -> [String: ScenarioStreamState] {
        let playback = try await ServerStreamRow.list(.playback, on: server)
        let capture = streams.values.contains { $0.direction == .capture } ? try await ServerStreamRow.list(.capture, on: server) : []
        var states: [String: ScenarioStreamState] = [:]
        for (name, placed) in streams {
            let listed = placed.direction == .playback ? playback : capture
            guard let stream = listed.first(where: { $0.index == placed.index }) else { continue }
            if stream.isMuted {
                states[name] = engineSilence(placed.id) ?? .silenced(nil)
                continue
            }
            let level = pow(Double(stream.volumePercents.max() ?? 100) / 100, 3)
            states[name] = abs(level - 1) < 1e-9 ? .playing : .ducked(level: level)
        }
        return states
    }
}
