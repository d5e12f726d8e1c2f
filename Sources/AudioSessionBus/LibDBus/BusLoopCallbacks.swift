internal import CDBus

/// The C functions libdbus calls back into the loop. Userdata is the unretained ``BusLoop``; every
/// callback runs on the loop thread (or on the creating thread before the loop thread starts),
/// so the loop's watch and timeout lists need no lock.
enum BusLoopCallbacks {
    static let addWatch: DBusAddWatchFunction = { watch, userData in
        guard let watch, let loop = loop(userData) else { return 0 }
        loop.watches.append(watch)
        return 1
    }

    static let removeWatch: DBusRemoveWatchFunction = { watch, userData in
        guard let watch, let loop = loop(userData) else { return }
        loop.watches.removeAll { $0 == watch }
    }

    /// The enabled state is read at each poll: nothing to record.
    static let toggleWatch: DBusWatchToggledFunction = { _, _ in }

    static let addTimeout: DBusAddTimeoutFunction = { timeout, userData in
        guard let timeout, let loop = loop(userData) else { return 0 }
        loop.timeouts.append((timeout, BusLoop.deadline(of: timeout)))
        return 1
    }

    static let removeTimeout: DBusRemoveTimeoutFunction = { timeout, userData in
        guard let timeout, let loop = loop(userData) else { return }
        loop.timeouts.removeAll { $0.timeout == timeout }
    }

    /// A re-enabled timeout starts its interval again.
    static let toggleTimeout: DBusTimeoutToggledFunction = { timeout, userData in
        guard let timeout, let loop = loop(userData),
            let index = loop.timeouts.firstIndex(where: { $0.timeout == timeout })
        else { return }
        loop.timeouts[index].deadline = BusLoop.deadline(of: timeout)
    }

    static let filterMessage: DBusHandleMessageFunction = { _, message, userData in
        guard let message, let loop = loop(userData) else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
        return loop.received(message) ? DBUS_HANDLER_RESULT_HANDLED : DBUS_HANDLER_RESULT_NOT_YET_HANDLED
    }

    private static func loop(_ userData: UnsafeMutableRawPointer?) -> BusLoop? {
        userData.map { Unmanaged<BusLoop>.fromOpaque($0).takeUnretainedValue() }
    }
}
