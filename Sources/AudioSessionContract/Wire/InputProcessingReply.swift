public import AudioSessionBus

/// `GetInputProcessing`'s reply `(ss)`: what the session's input goes through.
///
/// ```swift
/// let processing = try InputProcessingReply(arguments: reply)
/// processing.processing   // "echo-cancellation"
/// processing.canceller    // "webrtc"
/// ```
public struct InputProcessingReply: Hashable, Sendable {
    /// `none` or `echo-cancellation`.
    public var processing: String
    /// The canceller's kind (`webrtc`, `speex`), or empty without one.
    public var canceller: String

    /// A reply with these fields.
    public init(processing: String, canceller: String) {
        self.processing = processing
        self.canceller = canceller
    }

    /// Reads the reply's arguments.
    public init(arguments: BusArguments) throws(WireFormatError) {
        var fields = WireFields(arguments, context: "GetInputProcessing's reply")
        processing = try fields.next("processing")
        canceller = try fields.next("canceller")
    }

    /// The reply as the agent sends it.
    public var arguments: BusArguments { [.string(processing), .string(canceller)] }
}
