/// Whether a recorded server instance still exists, as far as asking its address can tell.
enum ServerInstanceVerdict: Hashable, Sendable {
    /// The instance is gone, for this reason.
    case gone(String)
    /// The instance answers at its address.
    case alive
    /// The address could not be asked (a timeout, a refusal to talk): nothing is known.
    case unknown(String)
}
