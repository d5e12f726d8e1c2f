import AudioSessionContract

extension StatusReply {
    /// `GetStatus` as `status --json` prints it.
    var json: JSONValue {
        .object([
            ("agent_version", .string(agentVersion)), ("backend", .string(backend)), ("server", .string(server)),
            ("media_services_available", .bool(mediaServicesAvailable)), ("policy_source", .string(policySource)),
            ("policy_enabled", .bool(policyEnabled)),
        ])
    }
}
