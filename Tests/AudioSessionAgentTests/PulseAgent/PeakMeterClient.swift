import AudioSessionTesting
import Foundation

/// A level meter as pavucontrol opens one: a separate process over the real protocol with a
/// `PA_STREAM_PEAK_DETECT` capture stream (`Tests/Clients/peak-meter.c`). No packaged
/// command-line client asks for peak detection: parec cannot, and pavucontrol is a GUI.
///
/// SIGUSR1 corks its stream and SIGUSR2 uncorks it (a meter whose view closes and reopens).
enum PeakMeterClient {
    /// Starts a meter on `source` with a stream named `name` and the given stream properties,
    /// corked when `corked`; returns once its stream records.
    static func start<Server: PulseProtocolServer>(
        on source: String, name: String, properties: [String: String], corked: Bool = false, in server: Server
    ) async throws -> ChildProcess {
        let binary = try await server.buildTestClient("peak-meter")
        let arguments = (corked ? ["--corked"] : []) + [source, name] + properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let meter = try server.spawn(binary, arguments)
        try await meter.waitForLine("ready", "the peak meter \(name) records")
        return meter
    }
}
