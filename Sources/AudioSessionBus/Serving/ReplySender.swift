/// Sends the one reply an incoming method call gets (none if the caller asked for none).
struct ReplySender: Sendable {
    let message: IncomingMessage
    let loop: BusLoop

    func complete(_ result: Result<BusArguments, any Error>) {
        switch result {
        case .success(let arguments): succeed(arguments)
        case .failure(let error as BusError): fail(error)
        case .failure(let error): fail(BusError(.failed, "\(error)"))
        }
    }

    func succeed(_ arguments: BusArguments) {
        guard !message.noReplyExpected else { return }
        do {
            loop.send(try LibDBus.methodReturn(to: message.message, arguments: arguments))
        } catch {
            fail(BusError(.failed, "the reply to \(message.member ?? "the call") could not be built: \(error.message)"))
        }
    }

    func fail(_ error: BusError) {
        guard !message.noReplyExpected, let reply = LibDBus.errorReply(to: message.message, error: error) else { return }
        loop.send(reply)
    }
}
