import Foundation

/// A server that speaks the PulseAudio protocol: PulseAudio itself, or PipeWire's pipewire-pulse.
///
/// Devices are plugged and unplugged as null sinks through `pactl`, which both servers accept, so
/// every plug test runs the same way on both.
public protocol PulseProtocolServer: PrivateServer {}

extension PulseProtocolServer {
    /// The address clients connect to (`PULSE_SERVER`).
    public var serverAddress: String { environment["PULSE_SERVER"] ?? "" }

    /// Runs `pactl` with `arguments` and returns its standard output.
    public func pactl(_ arguments: String...) async throws -> String {
        try await tool("pactl", arguments)
    }

    /// Plugs in a fake device (a null sink or source with the device's properties).
    ///
    /// ```swift
    /// let headphones = try await pulse.plug(.headphones)
    /// try await pulse.unplug(headphones)
    /// ```
    public func plug(_ device: FakeDevice) async throws -> PluggedDevice {
        let output = try await tool("pactl", ["load-module"] + device.moduleArguments)
        guard let index = UInt32(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw ToolFailure(
                command: ["pactl", "load-module"] + device.moduleArguments,
                result: ToolResult(status: 0, standardOutput: output, standardError: "expected a module index"))
        }
        return PluggedDevice(device: device, moduleIndex: index)
    }

    /// Unplugs a device plugged with ``plug(_:)``: its streams move away or end, as on real hardware.
    public func unplug(_ device: PluggedDevice) async throws {
        _ = try await tool("pactl", ["unload-module", String(device.moduleIndex)])
    }
}
