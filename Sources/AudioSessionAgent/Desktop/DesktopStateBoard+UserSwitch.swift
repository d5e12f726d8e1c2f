import AudioPolicy
import AudioSessionContract
import Foundation

extension DesktopStateBoard {
    /// Turns the user's own do-not-disturb switch on or off and keeps it in ``userSwitchFile``;
    /// the notification daemon's word is kept apart, so turning the switch off leaves a daemon's
    /// do-not-disturb on.
    ///
    /// - Throws: a ``DesktopStateError`` when the file cannot be written or removed; the switch
    ///   is then left as it was.
    func setUserDoNotDisturb(_ enabled: Bool) throws(DesktopStateError) {
        if let userSwitchFile {
            do {
                if enabled {
                    try Data("do-not-disturb: on (audiosessionctl dnd on)\n".utf8).write(to: URL(fileURLWithPath: userSwitchFile))
                } else if FileManager.default.fileExists(atPath: userSwitchFile) {
                    try FileManager.default.removeItem(atPath: userSwitchFile)
                }
            } catch {
                throw DesktopStateError(
                    "cannot keep the do-not-disturb switch in \(userSwitchFile): \(error.localizedDescription)")
            }
        }
        update { $0.userDoNotDisturb = enabled }
    }

    /// The state as `GetDesktopState` answers it.
    var reply: DesktopStateReply {
        let sources = current
        let state = sources.state
        var dndSources: [String] = []
        if sources.userDoNotDisturb { dndSources.append(DesktopStateReply.userSource) }
        if sources.notificationsInhibited { dndSources.append(DesktopStateReply.notificationDaemonSource) }
        if sources.gnomeBannersHidden { dndSources.append(DesktopStateReply.gnomeSource) }
        return DesktopStateReply(
            isSleeping: state.isSleeping, isLocked: state.isLocked, doNotDisturb: state.doNotDisturb,
            doNotDisturbSources: dndSources)
    }
}
