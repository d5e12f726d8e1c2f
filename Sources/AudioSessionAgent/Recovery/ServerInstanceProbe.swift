/// Asks the server at an address which instance it is.
protocol ServerInstanceProbe: Sendable {
    func verdict(on address: String, for instance: String) async -> ServerInstanceVerdict
}
