import AudioPolicy
import SoundServer

/// Who a stream's app is, from the stream's properties and its client's, with how far each fact
/// can be trusted (``IdentityEvidence``): the one place the translator (rules, sessions) and the
/// player pauser (MPRIS, by process) read an app's identity from, on both backends.
///
/// | fact | from | evidence |
/// | --- | --- | --- |
/// | application id, process binary, Flatpak id | `application.id`, `application.process.binary`, `application.flatpak.id` of the stream, else of its client | claimed |
/// | portal app id | `pipewire.access.portal.app_id` of the client | verified on native PipeWire (its access module sets it), else claimed |
/// | process id | `pipewire.sec.pid` of the client (the socket's credentials) | verified on native PipeWire, claimed through the pulse protocol (PulseAudio lets a client write it) |
/// | process id, failing that | `application.process.id` of the stream, else of its client | claimed |
///
/// A native PipeWire client (pw-play, mpv's PipeWire output) puts its binary and process only on
/// its client object, not on its node: they are read through the stream's client. A client that
/// pipewire-pulse made for a pulse-protocol app (`client.api=pipewire-pulse`) carries
/// pipewire-pulse's own process in `pipewire.sec.pid`: it is never the app's, whose process is the
/// `application.process.id` pipewire-pulse copied from the app. A sandboxed app's
/// `application.process.id` counts in its own PID namespace and is ignored.
///
/// ```swift
/// // pw-play on native PipeWire: its node names no process, its client does
/// let app = StreamAppIdentity.app(
///     streamProperties: ["media.role": "Music", "client.id": "40"],
///     clientProperties: ["application.process.binary": "pw-cat", "pipewire.sec.pid": "4242"],
///     serverSetsClientSecurity: true)
/// // app.processBinary == "pw-cat" (claimed), app.processID == 4242 (verified)
/// ```
enum StreamAppIdentity {
    /// The client property PipeWire's access module sets on a sandboxed client.
    static let portalAppIDProperty = "pipewire.access.portal.app_id"
    /// The client property the server sets from the socket's credentials.
    static let securityPIDProperty = "pipewire.sec.pid"
    /// The `client.api` of the clients pipewire-pulse makes for pulse-protocol apps.
    static let pulseBridgeAPI = "pipewire-pulse"

    /// The app of a stream with `streamProperties` whose client has `clientProperties`.
    ///
    /// `serverSetsClientSecurity` is true on native PipeWire, whose server sets a client's
    /// `pipewire.*` properties itself; on the pulse protocol every property is what a client wrote.
    static func app(
        streamProperties: [String: String], clientProperties: [String: String], serverSetsClientSecurity: Bool
    ) -> AppIdentity {
        func property(_ key: String) -> String? {
            let value = streamProperties[key] ?? clientProperties[key]
            return value?.isEmpty == false ? value : nil
        }
        var evidence = AppIdentity.Evidence.claimed
        var portalAppID = property(portalAppIDProperty)
        if serverSetsClientSecurity, let verified = clientProperties[portalAppIDProperty], !verified.isEmpty {
            portalAppID = verified
            evidence.portalAppID = .verified
        }
        let process = self.process(
            streamProperties: streamProperties, clientProperties: clientProperties,
            serverSetsClientSecurity: serverSetsClientSecurity)
        evidence.processID = process?.evidence ?? .claimed
        return AppIdentity(
            applicationID: property("application.id"), processBinary: property("application.process.binary"),
            flatpakID: property("application.flatpak.id"), portalAppID: portalAppID,
            processID: process.map { Int($0.id) }, evidence: evidence)
    }

    /// How many generations above the app's process ``addAncestors(to:from:)`` reads: the parent,
    /// a shell it ran the app through (`system()`), and the one that ran the shell.
    static let ancestorGenerations = 3

    /// Adds the binaries of the processes that started the app's, its parent first, read from
    /// `processes` for its process id, at that id's evidence; never PID 1 or beyond. A sandboxed
    /// app's ancestors are its sandbox's: none are added.
    static func addAncestors<Processes: ProcessTable>(to app: inout AppIdentity, from processes: Processes) {
        guard !app.isSandboxed, var current = app.processID.flatMap(Int32.init(exactly:)) else { return }
        var binaries: [String] = []
        for _ in 0..<ancestorGenerations {
            guard let parent = processes.parent(of: current), parent > 1, let binary = processes.binary(of: parent) else { break }
            binaries.append(binary)
            current = parent
        }
        app.ancestorBinaries = binaries
        app.evidence.ancestorBinaries = app.evidence.processID
    }

    /// Adds the ancestors ``addAncestors(to:from:)`` reads, taken from `known` instead when it is
    /// the same process at the same evidence and was read already.
    static func addAncestors<Processes: ProcessTable>(to app: inout AppIdentity, from processes: Processes, knownFrom known: AppIdentity?) {
        if let known, known.processID == app.processID, known.evidence.processID == app.evidence.processID,
            known.isSandboxed == app.isSandboxed
        {
            app.ancestorBinaries = known.ancestorBinaries
            app.evidence.ancestorBinaries = known.evidence.ancestorBinaries
        } else {
            addAncestors(to: &app, from: processes)
        }
    }

    /// The app of `stream` in `graph` (its client looked up there).
    static func app(of stream: SoundStream, in graph: Graph, serverSetsClientSecurity: Bool) -> AppIdentity {
        app(
            streamProperties: stream.properties, clientProperties: graph.client(of: stream)?.properties ?? [:],
            serverSetsClientSecurity: serverSetsClientSecurity)
    }

    /// The app's process and how far it can be trusted, or `nil` when the properties name none.
    static func process(
        streamProperties: [String: String], clientProperties: [String: String], serverSetsClientSecurity: Bool
    ) -> (id: Int32, evidence: IdentityEvidence)? {
        // Only the client's: a node's properties are the client's to write.
        if !isPulseBridge(streamProperties: streamProperties, clientProperties: clientProperties),
            let pid = positivePID(clientProperties[securityPIDProperty])
        {
            return (pid, serverSetsClientSecurity ? .verified : .claimed)
        }
        let sandboxed = [streamProperties, clientProperties].contains { $0[portalAppIDProperty]?.isEmpty == false }
        guard !sandboxed,
            let pid = positivePID(streamProperties["application.process.id"])
                ?? positivePID(clientProperties["application.process.id"])
        else { return nil }
        return (pid, .claimed)
    }

    /// The process of `stream`'s app in `graph`: whose player to pause.
    static func processID(of stream: SoundStream, in graph: Graph) -> Int32? {
        process(
            streamProperties: stream.properties, clientProperties: graph.client(of: stream)?.properties ?? [:],
            serverSetsClientSecurity: false)?.id
    }

    /// The client's properties without what belongs to pipewire-pulse rather than to the app
    /// (its `pipewire.sec.*` credentials), for whoever reads a client's process from them.
    static func appProperties(ofClient clientProperties: [String: String], streamProperties: [String: String]) -> [String: String] {
        guard isPulseBridge(streamProperties: streamProperties, clientProperties: clientProperties) else {
            return clientProperties
        }
        return clientProperties.filter { !$0.key.hasPrefix("pipewire.sec.") }
    }

    /// Whether the client is one pipewire-pulse made for a pulse-protocol app, whose
    /// `pipewire.sec.*` credentials are pipewire-pulse's.
    static func isPulseBridge(streamProperties: [String: String], clientProperties: [String: String]) -> Bool {
        clientProperties["client.api"] == pulseBridgeAPI || streamProperties["client.api"] == pulseBridgeAPI
    }

    private static func positivePID(_ text: String?) -> Int32? {
        guard let pid = text.flatMap({ Int32($0) }), pid > 0 else { return nil }
        return pid
    }
}
