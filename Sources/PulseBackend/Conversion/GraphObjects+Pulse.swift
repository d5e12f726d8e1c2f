internal import CPulse
import SoundServer

extension SoundClient {
    init(pulse info: pa_client_info) {
        self.init(index: info.index, name: PulseValues.string(info.name) ?? "", properties: PulseValues.properties(info.proplist))
    }
}

extension SoundModule {
    init(pulse info: pa_module_info) {
        self.init(index: info.index, name: PulseValues.string(info.name) ?? "", argument: PulseValues.string(info.argument) ?? "")
    }
}

extension ServerInfo {
    init(pulse info: pa_server_info) {
        let name = PulseValues.string(info.server_name) ?? ""
        let host = PulseValues.string(info.host_name) ?? ""
        // The cookie is random per server start: with the name and host it tells instances apart.
        let identity = "\(name)-\(host)-\(String(info.cookie, radix: 16))"
        self.init(
            name: name, version: PulseValues.string(info.server_version) ?? "",
            userName: PulseValues.string(info.user_name) ?? "", hostName: host,
            defaultSinkName: PulseValues.string(info.default_sink_name),
            defaultSourceName: PulseValues.string(info.default_source_name),
            instance: ServerInstance(rawValue: String(identity.map { $0.isLetter || $0.isNumber || "-._".contains($0) ? $0 : "_" })))
    }
}
