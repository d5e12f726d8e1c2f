import AudioSessionBus
import AudioSessionContract
import Logging

extension AgentBusService {
    /// `GetDesktopState`: sleep, lock and do-not-disturb as the agent follows them, open to every
    /// connection (a sandboxed app may ask whether to make sounds).
    func desktopState() -> BusArguments {
        desktop.reply.arguments
    }

    /// `SetDoNotDisturb`: the user's own switch. A sandboxed caller gets `AccessDenied`: an app
    /// must not silence the desktop's notifications, nor turn the user's do-not-disturb off.
    func setDoNotDisturb(_ enabled: Bool, caller: BusCaller) throws(BusError) -> BusArguments {
        guard !caller.isSandboxed else {
            throw BusError(
                AgentErrorName.accessDenied,
                "do-not-disturb is the user's switch: a sandboxed app (\(caller.flatpakID ?? "unknown")) may read it "
                    + "with GetDesktopState but not set it")
        }
        do {
            try desktop.setUserDoNotDisturb(enabled)
        } catch {
            throw BusError(AgentErrorName.failed, error.description)
        }
        logger.info("do-not-disturb switched by the user", metadata: ["desktop.do-not-disturb": "\(enabled)"])
        return []
    }
}
