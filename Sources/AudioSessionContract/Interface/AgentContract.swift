import AudioSessionBus

/// The members of `org.audiosession.Agent1` with their argument names and types: the table the agent
/// checks every call against and clients read replies by.
///
/// The agent serves `Sources/AudioSessionAgent/Bus/org.audiosession.Agent1.xml` as its introspection
/// data; a test reads that file and checks that it has exactly these methods, signals and
/// properties, with these arguments, so the table and the XML cannot drift apart. The structured
/// types come from the wire formats that encode them (``SessionListing/busType``,
/// ``RouteWireFormat/routeType``...), so those cannot drift from the table either.
///
/// ```swift
/// AgentContract.method(named: "GetStatus")?.outputSignature   // "sssbsb"
/// try AgentContract.check(method: "Activate", signature: "u")  // throws: Activate takes (s session), not (u)
/// ```
public enum AgentContract {
    /// The interface's name.
    public static let interface = AgentBusAddress.interface

    /// The methods, in the XML's order.
    public static let methods: [ContractMethod] = [
        ContractMethod(
            "RegisterSession", in: [ContractArgument("properties", .dictionary(key: .string, value: .variant))],
            out: [ContractArgument("session", .string), ContractArgument("stream_token", .string)]),
        ContractMethod(
            "RegisterSessionWithSecret", in: [ContractArgument("properties", .dictionary(key: .string, value: .variant))],
            out: [
                ContractArgument("session", .string), ContractArgument("stream_token", .string),
                ContractArgument("token_secret", .string), ContractArgument("client_nonce", .string),
            ]),
        ContractMethod("UnregisterSession", in: [session]),
        ContractMethod(
            "SetConfiguration",
            in: [
                session, ContractArgument("category", .string), ContractArgument("mode", .string),
                ContractArgument("options", .array(.string)),
            ]),
        ContractMethod("Activate", in: [session]),
        ContractMethod("Deactivate", in: [session, ContractArgument("notify_others", .boolean)]),
        ContractMethod(
            "GetState", in: [session],
            out: [
                ContractArgument("activity", .string), ContractArgument("category", .string),
                ContractArgument("mode", .string), ContractArgument("options", .array(.string)),
                ContractArgument("other_audio_playing", .boolean),
            ]),
        ContractMethod("GetCurrentRoute", in: [session], out: [ContractArgument("route", RouteWireFormat.routeType)]),
        ContractMethod("OverrideOutputPort", in: [session, ContractArgument("port", .string)]),
        ContractMethod("SetPreferredInput", in: [session, ContractArgument("port_uid", .string)]),
        ContractMethod("GetAvailableInputs", in: [session], out: [ContractArgument("inputs", .array(RouteWireFormat.portType))]),
        ContractMethod(
            "GetHardwareValues", in: [session],
            out: [ContractArgument("values", .dictionary(key: .string, value: .variant))]),
        ContractMethod("GetSecondaryAudioHint", in: [session], out: [ContractArgument("begun", .boolean)]),
        ContractMethod(
            "SetPreferredHardware", in: [session, ContractArgument("preferences", .dictionary(key: .string, value: .variant))]),
        ContractMethod("SetPrefersEchoCancelledInput", in: [session, ContractArgument("prefers", .boolean)]),
        ContractMethod("IsEchoCancelledInputAvailable", in: [session], out: [ContractArgument("available", .boolean)]),
        ContractMethod("SetInputMuted", in: [session, muted]),
        ContractMethod("IsInputMuted", in: [session], out: [muted]),
        ContractMethod(
            "SetSessionPreference", in: [session, ContractArgument("preference", .string), ContractArgument("value", .boolean)]),
        ContractMethod(
            "GetStatus",
            out: [
                ContractArgument("agent_version", .string), ContractArgument("backend", .string),
                ContractArgument("server", .string), ContractArgument("media_services_available", .boolean),
                ContractArgument("policy_source", .string), ContractArgument("policy_enabled", .boolean),
            ]),
        ContractMethod("ListSessions", out: [ContractArgument("sessions", .array(SessionListing.busType))]),
        ContractMethod("ListStreams", out: [ContractArgument("streams", .array(StreamListing.busType))]),
        ContractMethod(
            "ExplainStream", in: [ContractArgument("stream", .string)],
            out: [
                ContractArgument("effect", .string), ContractArgument("level", .double), ContractArgument("role", .string),
                ContractArgument("participant", .string), ContractArgument("excluded_because", .string),
                ContractArgument("ducked_by", .array(StreamExplanationReply.Ducking.busType)),
                ContractArgument("silenced_by", .array(StreamExplanationReply.Silencing.busType)),
                ContractArgument("interrupted_by", .array(.string)), ContractArgument("policy_enabled", .boolean),
                ContractArgument("summary", .string),
            ]),
        ContractMethod(
            "GetInputProcessing", in: [session],
            out: [ContractArgument("processing", .string), ContractArgument("canceller", .string)]),
        ContractMethod("GetDesktopState", out: DesktopStateReply.fields),
        ContractMethod("SetDoNotDisturb", in: [ContractArgument("enabled", .boolean)]),
        ContractMethod("ReloadPolicy", out: [ContractArgument("files", .array(.string))]),
    ]

    /// The signals, in the XML's order.
    public static let signals: [ContractSignal] = [
        ContractSignal("InterruptionBegan", [session, reason]),
        ContractSignal("InterruptionEnded", [session, ContractArgument("should_resume", .boolean)]),
        ContractSignal("RouteChanged", [session, reason, previousRoute]),
        ContractSignal("SecondaryAudioHint", [session, ContractArgument("hint", .string)]),
        ContractSignal("InputMuteChanged", [session, muted]),
        ContractSignal("MediaServicesLost"),
        ContractSignal("MediaServicesReset"),
        ContractSignal("SessionStateChanged", [session, ContractArgument("activity", .string), rule]),
        ContractSignal(
            "StreamStateChanged",
            [
                ContractArgument("stream", .string), ContractArgument("effect", .string), ContractArgument("level", .double),
                rule, ContractArgument("source", .string),
            ]),
        ContractSignal(
            "SessionRouteChanged", [session, reason, previousRoute, ContractArgument("current_route", RouteWireFormat.routeType)]),
    ]

    /// The properties: none.
    public static let properties: [ContractProperty] = []

    /// The method called `name`, if the interface has one.
    public static func method(named name: String) -> ContractMethod? {
        methods.first { $0.name == name }
    }

    /// The signal called `name`, if the interface has one.
    public static func signal(named name: String) -> ContractSignal? {
        signals.first { $0.name == name }
    }

    /// Checks that a call to `method` with a body of `signature` fits the interface, before its
    /// arguments are read.
    ///
    /// ```swift
    /// try AgentContract.check(method: "Activate", signature: "s")   // fine
    /// try AgentContract.check(method: "Activate", signature: "u")   // throws InvalidArgs
    /// ```
    public static func check(method name: String, signature: String) throws(CallMismatch) {
        guard let method = method(named: name) else {
            throw CallMismatch(.unknownMethod(name, interface: interface, known: methods.map(\.name)))
        }
        guard method.inputSignature == signature else {
            throw CallMismatch(.wrongArguments(method, received: signature))
        }
    }

    // Arguments several members share.
    private static let session = ContractArgument("session", .string)
    private static let reason = ContractArgument("reason", .string)
    private static let rule = ContractArgument("rule", .string)
    private static let muted = ContractArgument("muted", .boolean)
    private static let previousRoute = ContractArgument("previous_route", RouteWireFormat.routeType)
}
