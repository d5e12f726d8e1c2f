import AudioPolicy
import AudioSessionModel
import SoundServer

/// How a server stream becomes the engine's ``StreamInfo``: pure, from the stream, the graph around
/// it and the registered sessions.
///
/// The app's identity comes from the stream and its client (``StreamAppIdentity``). The stream's
/// properties go to the engine as they are, plus the `audiosession.*` facts the
/// policy's exclusions name (see `[[exclude]]` in `policies/default.toml`):
///
/// | fact | set when |
/// | --- | --- |
/// | `audiosession.monitor-capture=true` | a capture stream reads a monitor source (level meters, recorders of what plays) |
/// | `resample.method=peaks` | PulseAudio resamples the stream by peak detection: a level meter (pavucontrol's), also on a microphone |
/// | `audiosession.owner-module=NAME` | a server module, not a client, owns the stream (loopback, echo-cancel, filters) |
/// | `audiosession.virtual=true` | a virtual or filter node (`node.virtual=true`: pw-loopback, module-loopback and filter-chain on PipeWire) |
/// | `audiosession.agent=true` | the stream belongs to the agent's own client |
/// | `audiosession.left-to-server=MODULE` | the policy leaves the stream's role to that server module (``ServerModulePlan/moduleHandling(role:)``) |
/// | `audiosession.role-policy-target=DEVICE` | the stream plays into (or records from) a role loopback of WirePlumber 0.5's role policy (a device with `policy.role-based.target=true`): WirePlumber ducks and corks it by its own rules |
/// | `audiosession.token-refused=WHY` | the stream carried a session token its client may not use (``SessionResolution/refusedToken``) |
///
/// ```swift
/// let info = StreamTranslation.info(
///     for: stream, ref: ref, in: graph, resolver: resolver, sessions: candidates, serverModules: steward.plan)
/// ```
enum StreamTranslation {
    /// The client property the agent puts on its own connection, so its streams are recognised.
    static let agentProperty = "audiosession.agent"
    /// The fact that marks a virtual or filter node's stream (from PipeWire's `node.virtual`).
    static let virtualProperty = "audiosession.virtual"
    /// The fact that names the role loopback of WirePlumber 0.5's role policy a stream goes
    /// through; the shipped policies leave such streams to WirePlumber.
    static let rolePolicyProperty = "audiosession.role-policy-target"
    /// What WirePlumber 0.5 reads to tell a role loopback (its `linking/rescan-media-role-links`).
    static let rolePolicyTargetKey = "policy.role-based.target"
    /// The fact that says why a stream's token was not accepted; `ExplainStream` shows it.
    static let tokenRefusedProperty = "audiosession.token-refused"
    /// PulseAudio's resample method for `PA_STREAM_PEAK_DETECT` streams (level meters).
    static let peakDetectResampleMethod = "peaks"

    /// The engine's view of `stream`.
    ///
    /// `serverSetsClientSecurity` is true on native PipeWire, whose server sets a client's
    /// `pipewire.*` properties itself (its portal app id is then verified evidence); on the pulse
    /// protocol every property is what a client wrote. `admit` sees the resolver's answer and may
    /// refuse the session (the agent's per-app limit on tagged streams). `previous` is an identity
    /// of the stream's app read before (its last translation, or its client's as it connected):
    /// its ancestors are kept while the process is the same, so `/proc` is read once per client,
    /// not at every stream or change of its properties (Firefox retitles its stream with every
    /// title of the tab).
    static func info<Processes: ProcessTable>(
        for stream: SoundStream, ref: ServerStreamRef, in graph: Graph,
        resolver: StreamSessionResolver<Processes>, sessions: [SessionCandidate],
        serverModules: ServerModulePlan = ServerModulePlan(), serverSetsClientSecurity: Bool = false,
        previous: AppIdentity? = nil, admit: (SessionResolution) -> SessionResolution = { $0 }
    ) -> StreamInfo {
        let client = graph.client(of: stream)
        let clientProperties = client?.properties ?? [:]
        var properties = stream.properties
        if stream.kind == .capture, stream.deviceIndex.flatMap({ graph.sources[$0] })?.isMonitor == true {
            properties["audiosession.monitor-capture"] = "true"
        }
        // A client's stream is "owned" by the protocol module it came through: only streams
        // without a client (loopback, echo-cancel, filters) belong to a module.
        // PulseAudio tells a peak-detect stream only by its resample method, which is not a property;
        // pipewire-pulse says "PipeWire" here and sets resample.peaks=true on the stream instead.
        if stream.resampleMethod == Self.peakDetectResampleMethod {
            properties["resample.method"] = Self.peakDetectResampleMethod
        }
        if stream.clientIndex == nil, let module = stream.moduleIndex {
            properties["audiosession.owner-module"] = graph.modules[module]?.name ?? "module-\(module)"
        }
        if stream.properties["node.virtual"] == "true" {
            properties[Self.virtualProperty] = "true"
        }
        if clientProperties[agentProperty] == "true" {
            properties[agentProperty] = "true"
        }
        // Matched by the role as the server module sees it: the stream's own media.role.
        if let module = serverModules.moduleHandling(role: stream.role) {
            properties[StreamInfo.leftToServerKey] = module
        }
        var app = StreamAppIdentity.app(
            streamProperties: stream.properties, clientProperties: clientProperties,
            serverSetsClientSecurity: serverSetsClientSecurity)
        StreamAppIdentity.addAncestors(to: &app, from: resolver.processes, knownFrom: previous)
        // The resolver reads processes from the client's properties too: never pipewire-pulse's own.
        let origin = StreamOrigin(
            streamProperties: stream.properties,
            clientProperties: StreamAppIdentity.appProperties(ofClient: clientProperties, streamProperties: stream.properties),
            processID: app.evidence.processID == .verified ? app.processID.flatMap { Int32(exactly: $0) } : nil,
            clientIndex: stream.clientIndex)
        let resolution = admit(resolver.resolve(origin, among: sessions))
        if let refusal = resolution.refusedToken { properties[Self.tokenRefusedProperty] = refusal }
        let device = stream.deviceIndex.flatMap { stream.kind == .playback ? graph.sinks[$0] : graph.sources[$0] }
        if let device, device.properties[Self.rolePolicyTargetKey] == "true" {
            properties[Self.rolePolicyProperty] = device.name
        }
        return StreamInfo(
            id: ref.id, direction: stream.kind == .playback ? .playback : .capture, properties: properties,
            session: resolution.session,
            app: app, isSounding: !stream.isCorked,
            device: device.flatMap { engineDevice(of: $0, in: graph) })
    }

    /// The engine's view of a device; `nil` for monitor sources, which are not devices a user picks.
    static func info(for device: SoundDevice) -> DeviceInfo? {
        guard !device.isMonitor, !EchoCancellerModule.isCancellerDevice(named: device.name) else { return nil }
        var portAvailability: [String: Bool] = [:]
        for port in device.ports where port.availability != .unknown {
            portAvailability[device.uid(ofPortNamed: port.name)] = port.availability == .available
        }
        return DeviceInfo(
            id: deviceID(of: device), direction: device.kind == .sink ? .playback : .capture,
            port: device.portDescription, isAvailable: device.activePort?.availability != .unavailable,
            portAvailability: portAvailability,
            // Only an input's mute matters to the engine; a sink's would be a device change for nothing.
            isMuted: device.kind == .source && device.isMuted)
    }

    /// The device a stream counts as playing on or recording from: an agent's echo canceller is
    /// invisible to the engine, so a stream on one is on the canceller's master device (`nil` while
    /// the master is unknown: the engine takes that as a stream between devices).
    static func engineDevice(of device: SoundDevice, in graph: Graph) -> DeviceID? {
        guard EchoCancellerModule.isCancellerDevice(named: device.name) else { return deviceID(of: device) }
        // PulseAudio names the master on the device; pipewire-pulse does not, but its module's argument does.
        let master = device.properties["device.master_device"]
            ?? graph.modules.values.lazy.compactMap { EchoCancellerModule.master(of: device.name, in: $0.argument) }.first
        return master.map { deviceID(named: $0, device.kind == .sink ? .playback : .capture) }
    }

    /// The engine's name for a device: its kind and server name (names survive a server restart,
    /// indices do not).
    static func deviceID(of device: SoundDevice) -> DeviceID {
        deviceID(named: device.name, device.kind == .sink ? .playback : .capture)
    }

    /// The engine's name for the device called `name`, of the kind that plays or records.
    static func deviceID(named name: String, _ direction: StreamDirection) -> DeviceID {
        DeviceID("\(direction == .playback ? SoundDevice.Kind.sink.rawValue : SoundDevice.Kind.source.rawValue):\(name)")
    }

    /// The device's kind and name from a ``deviceID(of:)``.
    static func device(named id: DeviceID) -> (kind: SoundDevice.Kind, name: String)? {
        let parts = id.rawValue.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let kind = SoundDevice.Kind(rawValue: String(parts[0])) else { return nil }
        return (kind, String(parts[1]))
    }
}
