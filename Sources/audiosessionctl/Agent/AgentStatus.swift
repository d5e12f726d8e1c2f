import AudioSessionBus

/// `GetStatus`: what the agent runs on and with which policy.
struct AgentStatus {
    var agentVersion: String
    var backend: String
    var server: String
    var mediaServicesAvailable: Bool
    var policySource: String
    var policyEnabled: Bool

    init(reply: BusArguments) throws(CtlFailure) {
        var fields = BusFields(arguments: reply, what: "GetStatus's reply")
        agentVersion = try fields.next()
        backend = try fields.next()
        server = try fields.next()
        mediaServicesAvailable = try fields.next()
        policySource = try fields.next()
        policyEnabled = try fields.next()
    }

    var json: JSONValue {
        .object([
            ("agent_version", .string(agentVersion)), ("backend", .string(backend)), ("server", .string(server)),
            ("media_services_available", .bool(mediaServicesAvailable)), ("policy_source", .string(policySource)),
            ("policy_enabled", .bool(policyEnabled)),
        ])
    }
}
