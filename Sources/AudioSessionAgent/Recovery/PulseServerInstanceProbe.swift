import PulseBackend
import SoundServer

/// The probe on the PulseAudio protocol: connects without autospawn, reads the server info and
/// disconnects.
struct PulseServerInstanceProbe: ServerInstanceProbe {
    func verdict(on address: String, for instance: String) async -> ServerInstanceVerdict {
        // A native PipeWire agent's journal records its socket's path (pipewire-0): PipeWire
        // accepts a libpulse connection there and never answers it, which held the agent's start
        // for libpulse's 30 s timeout. That journal is the native agent's to judge.
        if Self.isPipeWireSocket(address) { return .unknown("\(address) is a PipeWire socket, not a pulse server") }
        let connection: PulseConnection
        do {
            connection = try await PulseConnection.connect(
                server: address,
                properties: [
                    "application.name": "audiosessiond journal check", "application.id": "org.audiosession.Agent",
                    StreamTranslation.agentProperty: "true",
                ])
        } catch {
            if error.code == .connectionRefused { return .gone("nothing listens at \(address)") }
            return .unknown("\(error)")
        }
        defer { connection.disconnect() }
        do {
            let info = try await connection.serverInfo()
            return info.instance.rawValue == instance ? .alive : .gone("\(address) is served by instance \(info.instance) now")
        } catch {
            return .unknown("\(error)")
        }
    }

    /// Whether `address` is a native PipeWire socket's path (how the native backend records its
    /// server), not a pulse server string (`unix:PATH`, `tcp:HOST`, or a path to `.../native`).
    static func isPipeWireSocket(_ address: String) -> Bool {
        address.hasPrefix("/") && (address.split(separator: "/").last?.hasPrefix("pipewire-") ?? false)
    }
}
