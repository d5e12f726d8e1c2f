internal import CPulse
import SoundServer

extension SoundDevice {
    init(sink info: pa_sink_info) {
        self.init(
            kind: .sink, index: info.index, name: PulseValues.string(info.name) ?? "",
            description: PulseValues.string(info.description) ?? "", properties: PulseValues.properties(info.proplist),
            ports: Self.ports(info.ports, count: info.n_ports) { port in
                DevicePort(
                    name: PulseValues.string(port.name) ?? "", description: PulseValues.string(port.description) ?? "",
                    typeName: PulseValues.portTypeName(port.type), availability: PulseValues.availability(port.available),
                    priority: port.priority)
            },
            activePortName: info.active_port.flatMap { PulseValues.string($0.pointee.name) },
            channelMap: PulseValues.channelMap(info.channel_map), volume: PulseValues.volumes(info.volume),
            isMuted: info.mute != 0, monitorSourceIndex: PulseValues.index(info.monitor_source),
            cardIndex: PulseValues.index(info.card), moduleIndex: PulseValues.index(info.owner_module),
            sampleRate: Self.rate(info.sample_spec), latency: Self.latency(configured: info.configured_latency, current: info.latency))
    }

    init(source info: pa_source_info) {
        self.init(
            kind: .source, index: info.index, name: PulseValues.string(info.name) ?? "",
            description: PulseValues.string(info.description) ?? "", properties: PulseValues.properties(info.proplist),
            ports: Self.ports(info.ports, count: info.n_ports) { port in
                DevicePort(
                    name: PulseValues.string(port.name) ?? "", description: PulseValues.string(port.description) ?? "",
                    typeName: PulseValues.portTypeName(port.type), availability: PulseValues.availability(port.available),
                    priority: port.priority)
            },
            activePortName: info.active_port.flatMap { PulseValues.string($0.pointee.name) },
            channelMap: PulseValues.channelMap(info.channel_map), volume: PulseValues.volumes(info.volume),
            isMuted: info.mute != 0, monitorOfSinkIndex: PulseValues.index(info.monitor_of_sink),
            cardIndex: PulseValues.index(info.card), moduleIndex: PulseValues.index(info.owner_module),
            sampleRate: Self.rate(info.sample_spec), latency: Self.latency(configured: info.configured_latency, current: info.latency))
    }

    /// The sample spec's rate; `nil` when the server gave none.
    private static func rate(_ spec: pa_sample_spec) -> UInt32? { spec.rate > 0 ? spec.rate : nil }

    /// The configured latency, else the current one (microseconds). Both 0 is a statement too:
    /// pipewire-pulse reports a device whose ports state no latency (a null sink) that way.
    private static func latency(configured: pa_usec_t, current: pa_usec_t) -> Duration? {
        .microseconds(Int64(clamping: configured > 0 ? configured : current))
    }

    private static func ports<Port>(
        _ ports: UnsafeMutablePointer<UnsafeMutablePointer<Port>?>?, count: UInt32, _ convert: (Port) -> DevicePort
    ) -> [DevicePort] {
        guard let ports else { return [] }
        return (0..<Int(count)).compactMap { ports[$0].map { convert($0.pointee) } }
    }
}
