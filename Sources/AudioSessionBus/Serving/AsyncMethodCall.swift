/// A call for an async handler, waiting for ``BusConnection/serve()``.
struct AsyncMethodCall: Sendable {
    let call: BusMethodCall
    let handler: @Sendable (BusMethodCall) async throws -> BusArguments
    let reply: ReplySender

    func run() async {
        do {
            reply.succeed(try await handler(call))
        } catch let error as BusError {
            reply.fail(error)
        } catch {
            reply.fail(BusError(.failed, "\(error)"))
        }
    }
}
