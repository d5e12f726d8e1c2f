import ArgumentParser

/// `--backend`: which sound-server protocol to speak.
enum BackendChoice: String, CaseIterable, ExpressibleByArgument {
    case auto, pulse, pipewire
}

