/// WirePlumber 0.5's role-based policy, set up as its users set it up: role loopbacks, sinks that
/// say `policy.role-based.target = true` and the roles they take (`device.intended-roles`).
/// WirePlumber links a stream of such a role into its loopback and, while a loopback of higher
/// priority carries a stream, applies that loopback's `policy.role-based.action.lower-priority`
/// (duck: the lower loopback's playback node's Props volume at `linking.role-based.duck-level`,
/// 0.3 unless configured) to the others.
extension PrivatePipeWire {
    /// A role loopback: the sink streams of its roles are linked into, and its playback node.
    public struct RoleLoopback: Sendable {
        /// The loopback's sink (`loopback.sink.role.NAME`).
        public var sinkName: String
        /// Its playback node (`loopback.play.role.NAME`), whose volume WirePlumber ducks.
        public var playbackName: String
        /// The `pw-loopback` process that holds it; kill it to remove the loopback.
        public var process: ChildProcess
    }

    /// Starts a role loopback `name` for `roles` (as PipeWire spells them: `Music`,
    /// `Communication`...) with `priority`, ducking lower-priority loopbacks when `ducksOthers`.
    /// The stack's own `pw-loopback` runs it (inside the root on another release's stack).
    ///
    /// ```swift
    /// let music = try pipewire.startRoleLoopback("music", roles: ["Music"], priority: 10)
    /// let phone = try pipewire.startRoleLoopback("phone", roles: ["Communication"], priority: 90, ducksOthers: true)
    /// defer { music.process.kill(); phone.process.kill() }
    /// ```
    public func startRoleLoopback(_ name: String, roles: [String], priority: Int, ducksOthers: Bool = false) throws -> RoleLoopback {
        let sink = "loopback.sink.role.\(name)"
        let playback = "loopback.play.role.\(name)"
        let captureProperties = [
            "media.class=Audio/Sink", "node.name=\(sink)", "device.intended-roles=[\(roles.joined(separator: ","))]",
            "policy.role-based.target=true", "policy.role-based.priority=\(priority)",
            "policy.role-based.action.same-priority=mix",
            "policy.role-based.action.lower-priority=\(ducksOthers ? "duck" : "mix")",
        ]
        let command = commandInside([
            "pw-loopback", "-n", "role-\(name)", "--capture-props=\(captureProperties.joined(separator: " "))",
            "--playback-props=node.name=\(playback) node.passive=true",
        ])
        let process = try spawn(command[0], Array(command.dropFirst()))
        return RoleLoopback(sinkName: sink, playbackName: playback, process: process)
    }

    /// The Props volume of the node named `name` now (a role loopback's playback node), or nil.
    public func nodeVolume(named name: String) async throws -> Double? {
        try await node(where: "node.name", is: name)?.props?["volume"]?.number
    }

    /// Waits until WirePlumber has linked every one of `loopbacks` to the speaker: a stream that
    /// comes while a loopback is still being set up was seen left unlinked (WirePlumber 0.5.8).
    public func waitUntilLinked(_ loopbacks: [RoleLoopback]) async throws {
        try await waitUntil("WirePlumber links the role loopbacks to the speaker") {
            for loopback in loopbacks where try await nodesLinked(from: "node.name", loopback.playbackName) != ["speaker"] {
                return false
            }
            return true
        }
    }

    /// The names of the nodes the node whose property `key` is `value` plays into, from `pw-dump`'s links.
    ///
    /// ```swift
    /// try await pipewire.nodesLinked(from: "media.name", "music") == ["loopback.sink.role.music"]
    /// ```
    public func nodesLinked(from key: String, _ value: String) async throws -> Set<String> {
        let objects = try await objects()
        guard let node = objects.first(where: { $0.type == "PipeWire:Interface:Node" && $0.properties[key] == value }) else { return [] }
        let names = Dictionary(objects.map { ($0.id, $0.properties["node.name"] ?? "") }, uniquingKeysWith: { first, _ in first })
        return Set(
            objects.filter { $0.type == "PipeWire:Interface:Link" && $0.properties["link.output.node"] == String(node.id) }
                .compactMap { $0.properties["link.input.node"].flatMap { Int($0) }.flatMap { names[$0] } })
    }
}
