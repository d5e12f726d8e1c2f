/// A fake device that is plugged into a private server; pass it to `unplug` to remove it.
public struct PluggedDevice: Sendable, Equatable {
    /// The device as it was plugged.
    public var device: FakeDevice
    /// The server module that holds it (unplugging unloads exactly this module, never others).
    public var moduleIndex: UInt32
}
