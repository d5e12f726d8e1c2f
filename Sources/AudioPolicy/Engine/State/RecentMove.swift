/// A stream's latest change of device, remembered briefly.
///
/// When a device goes away the server first moves its streams to the fallback device and only
/// then reports the device gone; so at the removal the streams are already elsewhere, and only
/// their latest move says where they came from. A move counts as part of that rescue when no
/// more events have passed since it than a burst of moves for every stream could take.
struct RecentMove: Hashable, Sendable {
    /// Where the stream played before.
    var from: DeviceID
    /// ``PolicyState/eventSerial`` at the move.
    var serial: Int
}
