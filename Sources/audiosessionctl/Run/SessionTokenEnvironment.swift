import AudioSessionContract
/// Puts a session's stream token into a child's environment, so every stream the child opens
/// carries `audiosession.token` and the agent ties it to the session (docs/dbus-api.md,
/// "Streams to sessions"). The server facts: PULSE_PROP reaches a child's streams on PulseAudio
/// and pipewire-pulse; PIPEWIRE_PROPS reaches native PipeWire nodes.
///
/// ```swift
/// SessionTokenEnvironment.tagging(["PULSE_PROP": "media.role=music"], token: "3f0c")
/// // PULSE_PROP: "media.role=music audiosession.token=3f0c"
/// // PIPEWIRE_PROPS: "{ audiosession.token = \"3f0c\" }"
/// ```
enum SessionTokenEnvironment {
    static let propertyKey = AgentBusAddress.streamTokenProperty

    static func tagging(_ environment: [String: String], token: String) -> [String: String] {
        var result = environment
        result["PULSE_PROP"] = pulseProperties(appending: token, to: environment["PULSE_PROP"])
        result["PIPEWIRE_PROPS"] = pipeWireProperties(adding: token, to: environment["PIPEWIRE_PROPS"])
        return result
    }

    /// PULSE_PROP is `key=value key='value with spaces' ...`; libpulse applies the entries in
    /// order, so an appended token wins over one already there.
    static func pulseProperties(appending token: String, to existing: String?) -> String {
        let entry = "\(propertyKey)='\(token)'"
        guard let existing, !existing.allSatisfy(\.isWhitespace) else { return entry }
        return existing + " " + entry
    }

    /// PIPEWIRE_PROPS is SPA JSON: an object `{ k = v ... }`, or its members without braces
    /// (PipeWire accepts both). The token goes in as the object's last member, so it wins over an
    /// earlier one; anything else the user put there is kept as written.
    static func pipeWireProperties(adding token: String, to existing: String?) -> String {
        let member = "\(propertyKey) = \"\(token)\""
        let trimmed = (existing ?? "").trimmingWhitespace
        if trimmed.isEmpty { return "{ \(member) }" }
        if trimmed.hasPrefix("{") && trimmed.hasSuffix("}") {
            let inner = trimmed.dropFirst().dropLast().trimmingWhitespace
            return inner.isEmpty ? "{ \(member) }" : "{ \(inner) \(member) }"
        }
        return "{ \(trimmed) \(member) }"
    }
}

extension StringProtocol {
    fileprivate var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
