import AudioSessionTesting

/// What the native PipeWire backend changes, read with pw-dump: a node's Props `volume` factor
/// (the agent's duck) beside its `channelVolumes` (the user's, which pactl shows).
extension AgentRig {
    /// The PipeWire server of a rig started on `.pipewirePulse`.
    var pipewire: PrivatePipeWire {
        get throws {
            guard let pipewire = server as? PrivatePipeWire else { throw AgentExited(log: "not a PipeWire rig") }
            return pipewire
        }
    }

    /// The Props `volume` factor of the stream node whose media.name is `name`, or nil.
    func volumeFactor(_ name: String) async throws -> Double? {
        try await pipewire.node(where: "media.name", is: name)?.props?["volume"]?.number
    }

    /// Waits until the node of the stream named `name` has the Props volume factor `factor` (± 0.01).
    func waitForFactor(_ name: String, _ factor: Double, timeout: Duration = .seconds(15)) async throws {
        try await waitUntil("\(name)'s Props volume at \(factor)", timeout: timeout) {
            guard let value = try await volumeFactor(name) else { return false }
            return abs(value - factor) < 0.01
        }
    }
}
