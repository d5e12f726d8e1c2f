/// libpipewire's process-wide set-up, done exactly once.
enum PipeWireLibrary {
    /// Runs `pw_init` on first use; a static let is initialised once, thread-safely.
    static let initialized: Bool = {
        LibPipeWire.initialize()
        return true
    }()
}
