import AudioSessionModel

extension AudioSessionModel.Category {
    /// Whether sessions of the category capture audio.
    var records: Bool { self == .record || self == .playAndRecord || self == .multiRoute }
    /// Whether sessions of the category play audio.
    var plays: Bool { self != .record }
}
