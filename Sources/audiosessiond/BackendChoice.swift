import ArgumentParser

/// `--backend`: which sound-server protocol to speak; ``AgentBackend/resolve(_:)`` turns `auto`
/// into `pipewire` when a PipeWire socket is found, else `pulse`.
enum BackendChoice: String, CaseIterable, ExpressibleByArgument {
    case auto, pulse, pipewire
}

