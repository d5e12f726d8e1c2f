import PipeWireBackend
import SoundServer

/// Tells whether the PipeWire instance a journal was kept for still serves its socket: connects
/// there and compares the core's name and cookie (``PipeWireGraphTranslation/instance(of:)``).
/// Only socket paths are PipeWire's; any other address (a pulse server's `unix:...`) is not judged.
struct PipeWireServerInstanceProbe: ServerInstanceProbe {
    func verdict(on address: String, for instance: String) async -> ServerInstanceVerdict {
        guard address.hasPrefix("/") else { return .unknown("\(address) is not a PipeWire socket") }
        let connection: PipeWireConnection
        do {
            connection = try await PipeWireConnection.connect(remote: address, applicationName: "audiosessiond journal check")
        } catch {
            return error.code == .connectionFailed ? .gone("nothing listens at \(address)") : .unknown("\(error)")
        }
        defer { connection.close() }
        guard let server = connection.serverInfo else { return .unknown("the core at \(address) sent no info") }
        let now = PipeWireGraphTranslation.instance(of: server).rawValue
        return now == instance ? .alive : .gone("\(address) is served by instance \(now) now")
    }
}
