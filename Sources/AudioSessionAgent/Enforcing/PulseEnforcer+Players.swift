import PulseBackend

extension PulseEnforcer {
    /// Queues `request` for the stream's player, to be handed over at the loop's next turn, in
    /// order with every earlier request: libpulse writes the commands issued while handling a
    /// server event when the handler returns, so whatever is done here before that delays them.
    func askPlayer(_ request: PlayerRequest) {
        guard pauser != nil else { return }
        playerRequests.append(request)
        if playerRequests.count == 1 { playerTurn?.arm(after: .zero) }
    }

    /// Hands every queued request to the pauser, oldest first (loop thread).
    func sendPlayerRequests() {
        guard let pauser, !playerRequests.isEmpty else { return }
        let requests = playerRequests
        playerRequests = []
        for request in requests { request.send(to: pauser) }
    }
}
