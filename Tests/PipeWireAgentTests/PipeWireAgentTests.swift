import Testing

/// The agent's native PipeWire backend: translation of recorded node properties, then the real
/// `audiosessiond --backend pipewire` on a private PipeWire with WirePlumber and pipewire-pulse.
@Suite("PipeWire agent")
struct PipeWireAgentTests {}
