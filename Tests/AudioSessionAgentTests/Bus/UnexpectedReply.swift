import AudioSessionBus

/// A call that was expected to be refused succeeded.
struct UnexpectedReply: Error, CustomStringConvertible {
    let method: String
    let reply: BusArguments
    var description: String { "\(method) succeeded with \(reply) but was expected to fail" }
}
