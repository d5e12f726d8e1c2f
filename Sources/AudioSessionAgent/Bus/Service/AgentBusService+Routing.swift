import AudioSessionContract
import AudioPolicy
import AudioSessionBus
import AudioSessionModel

// The session's own routing choices: the speaker override and the preferred input. Both are
// owner-only and become engine events; the engine moves the session's streams and announces the
// route change (reason `override`).
extension AgentBusService {
    /// The values `OverrideOutputPort` accepts, in the order its errors list them.
    static let outputOverrides = ["none", "speaker"]

    func overrideOutputPort(_ id: SessionID, port: String, _ call: BusMethodCall) throws(BusError) -> BusArguments {
        try ownedSessionCall(call, id) { () throws(BusError) -> PolicyEvent in
            guard Self.outputOverrides.contains(port) else {
                throw BusError(
                    .unknownName,
                    "unknown output override \"\(UntrustedText.excerpt(port))\"; accepted: \(Self.outputOverrides.joined(separator: ", "))")
            }
            return .outputOverridden(id, toSpeaker: port == "speaker")
        }
        return []
    }

    func setPreferredInput(_ id: SessionID, portUID uid: String, _ call: BusMethodCall) throws(BusError) -> BusArguments {
        let (device, inputs) = coordinator.read { view in
            (view.engine.device(withPortUID: uid, direction: .capture), view.engine.availablePorts(.capture).map(\.uid))
        }
        try ownedSessionCall(call, id) { () throws(BusError) -> PolicyEvent in
            if uid.isEmpty { return .preferredInputChanged(id, nil) }
            guard let device else {
                throw BusError(
                    .noSuchPort,
                    "no input \"\(UntrustedText.excerpt(uid))\" is available; available inputs: "
                        + (inputs.isEmpty ? "none" : inputs.joined(separator: ", ")) + " (\"\" clears the preference)")
            }
            return .preferredInputChanged(id, device)
        }
        return []
    }

    /// The inputs `SetPreferredInput` accepts now (the available capture devices, monitors
    /// excluded), for the session's owner only, as every per-session read.
    func availableInputs(_ id: SessionID, _ call: BusMethodCall) throws(BusError) -> BusArguments {
        let found = coordinator.read { view -> Result<[PortDescription], SessionRegistryError> in
            Result { () throws(SessionRegistryError) in
                _ = try view.registry.session(id, ownedBy: call.sender)
                return view.engine.availablePorts(.capture)
            }
        }
        do {
            return RouteWireFormat.inputsReply(try found.get())
        } catch {
            throw BusError(error)
        }
    }

    /// Checks that the caller owns the session before anything else (a stranger learns nothing
    /// from an argument error), then feeds the engine the event `body` makes.
    func ownedSessionCall(
        _ call: BusMethodCall, _ id: SessionID, _ body: () throws(BusError) -> PolicyEvent
    ) throws(BusError) {
        let outcome = coordinator.transact { registry -> (Result<Void, BusError>, [PolicyEvent]) in
            do throws(SessionRegistryError) {
                _ = try registry.session(id, ownedBy: call.sender)
            } catch {
                return (.failure(BusError(error)), [])
            }
            do throws(BusError) {
                return (.success(()), [try body()])
            } catch {
                return (.failure(error), [])
            }
        }
        try outcome.0.get()
    }
}
