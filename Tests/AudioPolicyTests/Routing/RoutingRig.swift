import AudioSessionModel

@testable import AudioPolicy

/// An engine with a speaker and a microphone, the speaker the default output: the desk every
/// routing test starts from.
struct RoutingRig {
    var engine: PolicyEngine

    static let speaker = DeviceInfo(
        id: "sink:speaker", direction: .playback,
        port: PortDescription(name: "Speaker", uid: "speaker", type: .builtInSpeaker, channels: 2))
    static let mic = DeviceInfo(
        id: "source:mic", direction: .capture,
        port: PortDescription(name: "Microphone", uid: "mic", type: .builtInMic, channels: 2))
    static let headphones = DeviceInfo(
        id: "sink:headphones", direction: .playback,
        port: PortDescription(name: "Headphones", uid: "headphones", type: .headphones, channels: 2))
    static let headsetMic = DeviceInfo(
        id: "source:headset", direction: .capture,
        port: PortDescription(name: "Headset Microphone", uid: "headset", type: .headsetMic, channels: 1))
    static let hdmi = DeviceInfo(
        id: "sink:hdmi", direction: .playback, port: PortDescription(name: "HDMI", uid: "hdmi", type: .hdmi, channels: 2))

    /// Routing tests look at routing alone: no echo canceller unless `voiceProcessing` asks for one.
    init(routing: Policy.Routing = Policy.Routing(), voiceProcessing: Policy.VoiceProcessing = .init(enabled: false)) {
        var policy = Policy(
            rankRules: [RankRule(name: "calls", categories: [.playAndRecord], modes: [.voiceChat], rank: 90, exclusive: false)],
            roles: [.music: RoleBehavior(category: .playback), .none: RoleBehavior(category: .playback, options: [.mixWithOthers])],
            routing: routing)
        policy.voiceProcessing = voiceProcessing
        engine = PolicyEngine(policy: policy)
        for device in [Self.speaker, Self.mic] { _ = engine.handle(.deviceAdded(device)) }
        _ = engine.handle(.defaultDeviceChanged(.playback, Self.speaker.id))
        _ = engine.handle(.defaultDeviceChanged(.capture, Self.mic.id))
    }

    @discardableResult
    mutating func handle(_ event: PolicyEvent) -> [PolicyDecision] { engine.handle(event) }

    /// Registers, configures and activates a session.
    @discardableResult
    mutating func activeSession(
        _ id: SessionID, _ category: AudioSessionModel.Category, mode: Mode = .default, options: CategoryOptions = []
    ) throws -> [PolicyDecision] {
        handle(.sessionRegistered(id, app: AppIdentity(applicationID: id.rawValue)))
        handle(.sessionConfigured(id, try SessionConfiguration(category: category, mode: mode, options: options)))
        return handle(.sessionActivated(id))
    }

    /// A running stream on `device`.
    @discardableResult
    mutating func stream(
        _ id: StreamID, _ direction: StreamDirection = .playback, session: SessionID? = nil, role: String? = nil,
        on device: DeviceInfo
    ) -> [PolicyDecision] {
        var properties: [String: String] = [:]
        if let role { properties["media.role"] = role }
        return handle(
            .streamAppeared(
                StreamInfo(id: id, direction: direction, properties: properties, session: session, isSounding: true, device: device.id)))
    }

    /// A music stream playing on the headphones, unplugged at `milliseconds` of engine time: the
    /// decisions of the unplug (the stream's silence among them).
    mutating func unplugWhilePlaying(_ id: StreamID, at milliseconds: Int) -> [PolicyDecision] {
        handle(.deviceAdded(Self.headphones))
        stream(id, role: "music", on: Self.headphones)
        handle(.timePassed(milliseconds: milliseconds))
        return handle(.deviceRemoved(Self.headphones.id))
    }

    /// A held stream stops and stays stopped: the decisions at the stop, and those once it has
    /// lasted ``PolicyEngine/pauseSettleMilliseconds`` (when a stop counts as its player's pause).
    mutating func stopThatLasts(_ id: StreamID) -> (atOnce: [PolicyDecision], lasted: [PolicyDecision]) {
        let atOnce = handle(.streamSoundingChanged(id, isSounding: false))
        let lasted = handle(.timePassed(milliseconds: engine.now + PolicyEngine.pauseSettleMilliseconds))
        return (atOnce, lasted)
    }

    /// The server moved the stream (following the default, or rescuing it from a vanished device).
    @discardableResult
    mutating func serverMoves(_ id: StreamID, to device: DeviceInfo) -> [PolicyDecision] {
        guard var info = engine.state.streams[id]?.info else { return [] }
        info.device = device.id
        return handle(.streamChanged(info))
    }
}

extension [PolicyDecision] {
    /// The route-change notices, as (session, reason).
    var routeChanges: [(SessionID, RouteChangeReason)] {
        compactMap { if case .routeChanged(let id, let reason, _, _, _) = $0 { (id, reason) } else { nil } }
    }

    /// The decisions as scenario text, for readable expectations.
    var texts: [String] { map(\.shortText) }
}

extension PolicyDecision {
    var shortText: String {
        switch self {
        case .move(let id, let device, _): "move \(id) \(device)"
        case .unmove(let id, _): "unmove \(id)"
        case .setDefaultDevice(let device, _, _): "default \(device)"
        case .silence(let id, let cause, _): "silence \(id) \(cause.rawValue)"
        case .unsilence(let id, let resume, _): "unsilence \(id) resume=\(resume)"
        case .routeChanged(let id, let reason, _, _, _): "route \(id) \(reason.kebabName)"
        default: "\(self)"
        }
    }
}
