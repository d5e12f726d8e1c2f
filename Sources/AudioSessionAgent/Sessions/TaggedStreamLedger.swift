import AudioPolicy

/// Counts the streams each app has joined to its sessions by a session token, so that no app can
/// pile up tagged streams without bound (``SessionLimits/taggedStreamsPerApp``).
///
/// A stream is charged to the ``AppAccount`` of the session its token names. Beyond the limit a
/// stream is refused: it is not joined to the session and takes part as a stream without one, by
/// its role. A refused app is reported once, until it is under its limit again.
///
/// ```swift
/// var ledger = TaggedStreamLedger(limit: 2)
/// ledger.admit("12", to: account)   // .joined
/// ledger.admit("13", to: account)   // .joined
/// ledger.admit("14", to: account)   // .refused(firstTime: true)
/// ledger.release("12")
/// ledger.admit("14", to: account)   // .joined
/// ```
struct TaggedStreamLedger: Sendable {
    /// What happened to a tagged stream.
    enum Admission: Hashable, Sendable {
        /// The stream joins its session.
        case joined
        /// The app is at its limit; `firstTime` when this is news worth a log line.
        case refused(firstTime: Bool)
    }

    /// The most tagged streams one app may have joined at once.
    var limit: Int
    private var accountOfStream: [StreamID: AppAccount] = [:]
    private var counts: [AppAccount: Int] = [:]
    private var reported: Set<AppAccount> = []

    /// Creates an empty ledger.
    init(limit: Int) {
        self.limit = limit
    }

    /// Charges `stream` to `account`, unless the account is at its limit; a stream already
    /// charged to the account stays joined.
    mutating func admit(_ stream: StreamID, to account: AppAccount) -> Admission {
        if accountOfStream[stream] == account { return .joined }
        release(stream)
        guard counts[account, default: 0] < limit else {
            return .refused(firstTime: reported.insert(account).inserted)
        }
        accountOfStream[stream] = account
        counts[account, default: 0] += 1
        return .joined
    }

    /// Frees the stream's place: it vanished, or no longer joins a session by a token.
    mutating func release(_ stream: StreamID) {
        guard let account = accountOfStream.removeValue(forKey: stream) else { return }
        let remaining = counts[account, default: 1] - 1
        counts[account] = remaining > 0 ? remaining : nil
        if remaining < limit { reported.remove(account) }
    }

    /// How many tagged streams `account` has joined now.
    func count(of account: AppAccount) -> Int { counts[account, default: 0] }
}
