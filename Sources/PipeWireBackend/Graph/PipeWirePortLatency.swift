/// The least latency a port states for one direction (its `SPA_PARAM_Latency` param): how long a
/// sample takes between the start of a graph cycle and the device at the end of that direction.
///
/// A sink's input ports state the playback latency in the ``Direction-swift.enum/input`` direction,
/// a source's output ports the capture latency in ``Direction-swift.enum/output``. The time is
/// `quanta × quantum / rate + frames / rate + nanoseconds`.
///
/// ```swift
/// let ports = connection.globals.values.filter { $0.type == .port && $0.properties["node.id"] == "41" }
/// let playback = ports.flatMap(\.portLatencies).filter { $0.direction == .input }
/// ```
public struct PipeWirePortLatency: Sendable, Hashable {
    /// Which way the latency is measured, as SPA's `spa_direction`.
    public enum Direction: Sendable, Hashable {
        /// Toward the device a sink's input ports lead to: playback latency.
        case input
        /// From the device a source's output ports come from: capture latency.
        case output
    }

    /// The direction this latency is for.
    public var direction: Direction
    /// The part in quanta of the graph.
    public var quanta: Float
    /// The part in frames at the graph's rate.
    public var frames: UInt32
    /// The fixed part.
    public var nanoseconds: UInt64

    /// A latency from its parts; the mirror reads them from port params.
    public init(direction: Direction, quanta: Float, frames: UInt32, nanoseconds: UInt64) {
        self.direction = direction
        self.quanta = quanta
        self.frames = frames
        self.nanoseconds = nanoseconds
    }
}
