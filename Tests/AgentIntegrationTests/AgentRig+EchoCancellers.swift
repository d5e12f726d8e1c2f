import AudioSessionTesting
import Foundation

extension AgentRig {
    /// The agent's canceller sinks and sources as the pulse protocol lists them (module-echo-cancel's
    /// on PulseAudio, a canceller process's through pipewire-pulse), by index: their names. The
    /// canceller sink's monitor is not among the sources.
    func cancellerDevices() async throws -> (sinks: [Int: String], sources: [Int: String]) {
        func listed(_ kind: String) async throws -> [Int: String] {
            var devices: [Int: String] = [:]
            for line in try await server.pactl("list", "short", kind).split(separator: "\n") {
                let fields = line.split(separator: "\t")
                guard fields.count > 1, let index = Int(fields[0]), fields[1].hasPrefix("audiosession.echo-cancel."),
                    !fields[1].hasSuffix(".monitor")
                else { continue }
                devices[index] = String(fields[1])
            }
            return devices
        }
        return (try await listed("sinks"), try await listed("sources"))
    }

    /// Whether the capture stream whose media.name is `name` records from a canceller's source.
    func capturesThroughCanceller(_ name: String) async throws -> Bool {
        guard let output = try await sourceOutput(named: name), let source = output["source"] as? Int else { return false }
        return try await cancellerDevices().sources[source] != nil
    }
}
