import AudioSessionBus
import AudioSessionContract
import Logging

// Who calls, and whether their app may call now: the bus's credentials and /proc are asked once per
// connection; every call then takes one token of its app's budget (CallRateLimiter).
extension AgentBusService {
    /// Refuses the call with `TooManyCalls` when its app has used up its call budget.
    func admit(_ call: BusMethodCall) async throws(BusError) {
        let caller = await caller(of: call.sender)
        if case .failure(let refusal) = rateLimiter.admit(AppAccount(caller)) {
            logger.debug(
                "a call was refused: its app calls too often",
                metadata: ["bus.connection": "\(call.sender)", "app.account": "\(UntrustedText.excerpt(refusal.account.description))"])
            throw BusError(refusal.busErrorName, refusal.description)
        }
    }

    /// The caller behind `uniqueName`, from the bus (PID, UID) and its process (binary, Flatpak
    /// id); asked once per connection and remembered until it leaves the bus.
    func caller(of uniqueName: String) async -> BusCaller {
        if let known = rateLimiter.caller(of: uniqueName) { return known }
        let identity: BusCallerIdentity?
        do {
            identity = try await connection.callerIdentity(of: uniqueName)
        } catch {
            logger.warning("the bus did not say who called", metadata: ["bus.connection": "\(uniqueName)", "bus.error": "\(error)"])
            identity = nil
        }
        let caller = CallerProcess.caller(
            uniqueName: uniqueName, processID: identity?.processID, userID: identity?.userID, processes: processes)
        rateLimiter.remember(caller)
        // Its departure may have been handled while the bus was asked: then nothing would forget it.
        if (try? await connection.nameOwner(of: uniqueName)) == nil {
            rateLimiter.forget(connection: uniqueName)
        }
        return caller
    }
}
