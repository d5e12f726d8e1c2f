/// Lookups over a PulseAudio-protocol server's streams, modules and sinks, read with pactl.
extension PulseProtocolServer {
    /// Every stream the server plays now.
    ///
    /// ```swift
    /// let muted = try await pulse.sinkInputs().filter(\.isMuted)
    /// ```
    public func sinkInputs() async throws -> [PulseSinkInput] {
        try PulseSinkInput.parse(try await tool("pactl", ["-f", "json", "list", "sink-inputs"]))
    }

    /// The first stream whose property `key` is `value`, or nil.
    ///
    /// ```swift
    /// let phone = try await waitForValue("the phone stream") { try await pulse.sinkInput(where: "media.role", is: "phone") }
    /// ```
    public func sinkInput(where key: String, is value: String) async throws -> PulseSinkInput? {
        try await sinkInputs().first { $0.properties[key] == value }
    }

    /// The names of the modules the server has loaded, in load order.
    ///
    /// ```swift
    /// let corks = try await pulse.moduleNames().contains("module-role-cork")
    /// ```
    public func moduleNames() async throws -> [String] {
        try await tool("pactl", ["list", "short", "modules"]).split(separator: "\n").compactMap { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            return columns.count > 1 ? String(columns[1]) : nil
        }
    }

    /// The index of the sink named `name`, or nil.
    ///
    /// ```swift
    /// let speaker = try await pulse.sinkIndex(named: "speaker")
    /// ```
    public func sinkIndex(named name: String) async throws -> Int? {
        try await tool("pactl", ["list", "short", "sinks"]).split(separator: "\n").lazy.compactMap { line -> Int? in
            let columns = line.split(separator: "\t")
            guard columns.count > 1, columns[1] == name else { return nil }
            return Int(columns[0])
        }.first
    }
}
