import PulseBackend
import SoundServer

/// The probe on the PulseAudio protocol: connects without autospawn, reads the server info and
/// disconnects.
struct PulseServerInstanceProbe: ServerInstanceProbe {
    func verdict(on address: String, for instance: String) async -> ServerInstanceVerdict {
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
}
