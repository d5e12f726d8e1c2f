import SoundServer

extension EnforcementCore {
    /// A stream ended: if the agent held it (ducked, silenced or moved), the next stream of its
    /// restore entry is owed the user's values and what the server saved of it is repaired; its
    /// journal entries go once the server took the repair (else the next agent's recovery tries
    /// again).
    func heldStreamEnded(_ ref: ServerStreamRef, last: SoundStream) {
        guard var state = enforced.removeValue(forKey: ref.serial) else { return }
        state.last = last
        oweNextStream(of: state)
        repairRestoreStore(ofVanished: state) { [weak self] repaired in
            if repaired { self?.clearJournal(stream: ref.serial) }
        }
    }
}
