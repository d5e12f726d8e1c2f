import Glibc

/// Which sound-server protocol the agent speaks.
///
/// ```swift
/// try AgentBackend.resolve("pipewire")   // .pipewire: libpipewire, beside WirePlumber
/// try AgentBackend.resolve("auto", environment: ["XDG_RUNTIME_DIR": "/run/user/1000"])
/// // .pipewire when /run/user/1000/pipewire-0 exists, else .pulse
/// ```
public enum AgentBackend: String, CaseIterable, Hashable, Sendable {
    /// The PulseAudio protocol: PulseAudio itself, or PipeWire through pipewire-pulse.
    case pulse
    /// PipeWire's native protocol.
    case pipewire

    /// The backend for a `--backend` choice (`auto`, `pulse` or `pipewire`), looking for a PipeWire
    /// server in this process's environment.
    public static func resolve(_ choice: String) throws(AgentDaemonError) -> AgentBackend {
        try resolve(choice, environment: processEnvironment())
    }

    /// The backend for a `--backend` choice. `auto` prefers native PipeWire when a PipeWire server
    /// is reachable (``pipeWireSocket(environment:)`` finds its socket), else the pulse protocol,
    /// which reaches PulseAudio.
    public static func resolve(_ choice: String, environment: [String: String]) throws(AgentDaemonError) -> AgentBackend {
        switch choice {
        case "auto": pipeWireSocket(environment: environment) != nil ? .pipewire : .pulse
        case "pulse": .pulse
        case "pipewire": .pipewire
        default: throw AgentDaemonError(.usage, "unknown backend \"\(choice)\"; accepted: auto, pulse, pipewire")
        }
    }

    /// The PipeWire socket a client would use, if it exists: `PIPEWIRE_REMOTE` (a path, or a name in
    /// the runtime directory), else `pipewire-0` in `PIPEWIRE_RUNTIME_DIR`, else in `XDG_RUNTIME_DIR`.
    public static func pipeWireSocket(environment: [String: String]) -> String? {
        let name = environment["PIPEWIRE_REMOTE"].flatMap { $0.isEmpty ? nil : $0 } ?? "pipewire-0"
        let candidates: [String]
        if name.hasPrefix("/") {
            candidates = [name]
        } else {
            candidates = [environment["PIPEWIRE_RUNTIME_DIR"], environment["XDG_RUNTIME_DIR"]]
                .compactMap { $0.flatMap { $0.isEmpty ? nil : $0 } }.map { $0 + "/" + name }
        }
        return candidates.first { access($0, F_OK) == 0 }
    }

    /// The variables ``pipeWireSocket(environment:)`` reads, from this process's environment, with
    /// `PIPEWIRE_REMOTE` replaced by `remote` when one is given.
    static func processEnvironment(adding remote: String? = nil) -> [String: String] {
        var environment: [String: String] = [:]
        for key in ["PIPEWIRE_REMOTE", "PIPEWIRE_RUNTIME_DIR", "XDG_RUNTIME_DIR"] {
            if let value = getenv(key) { environment[key] = String(cString: value) }
        }
        if let remote { environment["PIPEWIRE_REMOTE"] = remote }
        return environment
    }
}
