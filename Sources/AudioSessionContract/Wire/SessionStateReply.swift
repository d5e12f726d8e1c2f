public import AudioSessionBus

/// `GetState`'s reply `(sssasb)`: a session's activity and configuration, and whether other audio plays.
///
/// ```swift
/// let state = try SessionStateReply(arguments: reply)
/// state.activity            // "active"
/// state.otherAudioPlaying   // false
/// ```
public struct SessionStateReply: Hashable, Sendable {
    /// `active`, `inactive` or `interrupted`.
    public var activity: String
    /// The category's kebab-case name.
    public var category: String
    /// The mode's kebab-case name.
    public var mode: String
    /// The options' kebab-case names.
    public var options: [String]
    /// Whether another app's audio is playing.
    public var otherAudioPlaying: Bool

    /// A reply with these fields.
    public init(activity: String, category: String, mode: String, options: [String], otherAudioPlaying: Bool) {
        self.activity = activity
        self.category = category
        self.mode = mode
        self.options = options
        self.otherAudioPlaying = otherAudioPlaying
    }

    /// Reads the reply's arguments.
    public init(arguments: BusArguments) throws(WireFormatError) {
        var fields = WireFields(arguments, context: "GetState's reply")
        activity = try fields.next("activity")
        category = try fields.next("category")
        mode = try fields.next("mode")
        options = try fields.next("options")
        otherAudioPlaying = try fields.next("other_audio_playing")
    }

    /// The reply as the agent sends it.
    public var arguments: BusArguments {
        [.string(activity), .string(category), .string(mode), options.busValue, .boolean(otherAudioPlaying)]
    }
}
