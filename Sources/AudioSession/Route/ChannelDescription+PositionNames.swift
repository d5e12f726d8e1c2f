extension AudioSession.ChannelDescription {
    /// The name people see for a channel position, as PulseAudio's `pa_channel_position_to_pretty_string`
    /// spells it: `front-left` is `Front Left`, `lfe` `Low Frequency Emitter`, `aux3` `Auxiliary 3`,
    /// `front-left-of-center` `Front Left-of-center`; a position it does not know has its words
    /// capitalised; an empty one (a port whose layout the server did not say) is `Channel`.
    ///
    /// ```swift
    /// AudioSession.ChannelDescription.name(ofPosition: "rear-center")   // "Rear Center"
    /// ```
    public static func name(ofPosition position: String) -> String {
        switch position {
        case "": return "Channel"
        case "lfe": return "Low Frequency Emitter"
        case "front-left-of-center": return "Front Left-of-center"
        case "front-right-of-center": return "Front Right-of-center"
        default: break
        }
        if position.hasPrefix("aux"), let number = Int(position.dropFirst(3)) { return "Auxiliary \(number)" }
        return position.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}
