import AudioSessionBus

extension AgentClient {
    /// Every signal the agent sends on its interface: the broadcast ones, and the session signals
    /// addressed to this connection.
    func sessionSignals() async throws(CtlFailure) -> BusSignals {
        do {
            return try await bus.signals(matching: BusMatchRule(sender: Self.busName, interface: Self.interface))
        } catch let error as BusError {
            throw Self.failure(for: error, calling: "AddMatch")
        } catch {
            throw CtlFailure("subscribing to the agent's signals was cancelled", exitCode: CtlExitCode.software)
        }
    }

    /// Ownership changes of the agent's name: a change to no owner means the agent went away.
    func agentOwnerChanges() async throws(CtlFailure) -> NameOwnerChanges {
        do {
            return try await bus.nameOwnerChanges(of: Self.busName)
        } catch let error as BusError {
            throw Self.failure(for: error, calling: "AddMatch")
        } catch {
            throw CtlFailure("subscribing to the agent's name was cancelled", exitCode: CtlExitCode.software)
        }
    }

    /// Whether the agent's name has an owner now.
    func isAgentRunning() async throws(CtlFailure) -> Bool {
        do {
            _ = try await bus.nameOwner(of: Self.busName)
            return true
        } catch let error as BusError where error.name == .nameHasNoOwner {
            return false
        } catch let error as BusError {
            throw Self.failure(for: error, calling: "GetNameOwner")
        } catch {
            throw CtlFailure("asking for the agent's name was cancelled", exitCode: CtlExitCode.software)
        }
    }
}
