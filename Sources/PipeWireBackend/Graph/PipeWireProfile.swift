/// One profile of a PipeWire Device (a card's mode: `output:analog-stereo`, `a2dp-sink`,
/// `headset-head-unit`, `off`), from its `SPA_PARAM_EnumProfile` or `SPA_PARAM_Profile` param.
///
/// ```swift
/// let names = info.profiles.filter { $0.availability != .no }.map(\.name)
/// ```
public struct PipeWireProfile: Sendable, Hashable {
    /// The profile's index: what a `Profile` param names to switch to it.
    public var index: Int32
    /// The name (`a2dp-sink`, `headset-head-unit`, `off`).
    public var name: String
    /// What a user reads.
    public var description: String
    /// The device's preference among its profiles: higher wins.
    public var priority: Int32
    /// Whether the device can switch to it now.
    public var availability: PipeWireAvailability

    /// A profile with all its facts.
    public init(
        index: Int32, name: String, description: String = "", priority: Int32 = 0,
        availability: PipeWireAvailability = .unknown
    ) {
        self.index = index
        self.name = name
        self.description = description
        self.priority = priority
        self.availability = availability
    }
}
