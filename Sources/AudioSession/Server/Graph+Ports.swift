import SoundServer

extension Graph {
    /// The sink a port uid names (its name, with `#` and the active port for a device with ports).
    func sink(forPortUID uid: String) -> SoundDevice? {
        sinks.values.first { $0.portUID == uid }
    }

    /// The source a port uid names.
    func source(forPortUID uid: String) -> SoundDevice? {
        sources.values.first { $0.portUID == uid }
    }
}
