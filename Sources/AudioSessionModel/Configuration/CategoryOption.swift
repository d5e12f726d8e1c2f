/// One member of ``CategoryOptions``, with its kebab-case spelling.
///
/// ```swift
/// let options = CategoryOptions(try ["duck-others"].map { try CategoryOption.parse(kebabName: $0) })
/// ```
public enum CategoryOption: String, KebabNamed {
    /// Mix with other sessions instead of interrupting them.
    case mixWithOthers = "mix-with-others"
    /// Lower other audio while this session sounds; implies ``mixWithOthers``.
    case duckOthers = "duck-others"
    /// Pause spoken-audio sessions at activation and mix with the rest; implies ``mixWithOthers``.
    case interruptSpokenAudioAndMixWithOthers = "interrupt-spoken-audio-and-mix-with-others"
    /// Allow Bluetooth hands-free (HFP/HSP) devices for input and output.
    case allowBluetoothHFP = "allow-bluetooth-hfp"
    /// Allow Bluetooth A2DP (high-quality output) devices while recording.
    case allowBluetoothA2DP = "allow-bluetooth-a2dp"
    /// Prefer the built-in speaker over the receiver when no other output is connected.
    case defaultToSpeaker = "default-to-speaker"

    /// Says `category option` in messages.
    public static var kindName: String { "category option" }

    /// The option as a one-member ``CategoryOptions`` set.
    public var set: CategoryOptions {
        switch self {
        case .mixWithOthers: .mixWithOthers
        case .duckOthers: .duckOthers
        case .interruptSpokenAudioAndMixWithOthers: .interruptSpokenAudioAndMixWithOthers
        case .allowBluetoothHFP: .allowBluetoothHFP
        case .allowBluetoothA2DP: .allowBluetoothA2DP
        case .defaultToSpeaker: .defaultToSpeaker
        }
    }
}
