/// A stream's move to another device, and whether its previous device has gone.
///
/// PulseAudio moves the streams of a device that goes away (an unplugged USB headset, an
/// unloaded sink) to the default device; ``previousDeviceRemoved`` tells that move apart from
/// one the user or a policy made.
///
/// ```swift
/// if case .moved(let move) = event, move.previousDeviceRemoved {
///     print("\(move.previousDeviceIndex) went away; now on \(move.deviceName)")
/// }
/// ```
public struct PulseStreamMove: Hashable, Sendable {
    /// The index of the device the stream is on now.
    public var deviceIndex: UInt32
    /// The name of the device the stream is on now.
    public var deviceName: String
    /// The index of the device it was on, if known.
    public var previousDeviceIndex: UInt32?
    /// The name of the device it was on, if known.
    public var previousDeviceName: String?
    /// Whether the previous device no longer exists on the server.
    public var previousDeviceRemoved: Bool

    /// A move to `deviceName` (`deviceIndex`) from `previousDeviceIndex` (named `previousDeviceName`).
    public init(
        deviceIndex: UInt32, deviceName: String, previousDeviceIndex: UInt32?, previousDeviceName: String? = nil,
        previousDeviceRemoved: Bool
    ) {
        self.deviceIndex = deviceIndex
        self.deviceName = deviceName
        self.previousDeviceIndex = previousDeviceIndex
        self.previousDeviceName = previousDeviceName
        self.previousDeviceRemoved = previousDeviceRemoved
    }
}
