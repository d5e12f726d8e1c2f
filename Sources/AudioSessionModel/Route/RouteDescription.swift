/// The inputs and outputs a session's audio currently uses.
///
/// ```swift
/// let route = RouteDescription(inputs: [], outputs: [speaker])
/// ```
public struct RouteDescription: Hashable, Sendable {
    /// The ports audio is captured from.
    public var inputs: [PortDescription]
    /// The ports audio is played to.
    public var outputs: [PortDescription]

    /// Creates a route description.
    public init(inputs: [PortDescription] = [], outputs: [PortDescription] = []) {
        self.inputs = inputs
        self.outputs = outputs
    }
}
