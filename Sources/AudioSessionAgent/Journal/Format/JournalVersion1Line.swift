/// The version 1 records whose meaning depended on the backend that wrote them, mapped to
/// today's entries (``JournalDialect``); every other version 1 record reads as today's.
///
/// ```text
/// BC34F5B5 duck 4711 65536/65536 0.3   pulse: .duck(4711, base: .streamVolume(…), level: 0.3)
/// 4FB9E7D9 duck 51 52429 0.3            native (one channel): .duck(51, base: .nodeFactor(0.8), level: 0.3)
/// 54881390 silence 43 false             pulse: .silence(43, by: .mute(wasMuted: false)); native: .silence(43, by: .pause)
/// 53041954 clear mute 42                .clear(.silence(42))
/// ```
enum JournalVersion1Line {
    /// The record `fields` stand for in `dialect`; `nil` when the record kind reads as today's.
    static func record(_ fields: [Substring], dialect: JournalDialect) -> JournalRecord?? {
        let native = dialect == .pipeWireVersion1
        switch (fields.first, fields.count) {
        case ("duck"?, 4):
            return serial(fields[1]).flatMap { stream in
                base(fields[2], native: native).flatMap { base in
                    JournalLine.level(fields[3]).map { .entry(.duck(stream, base: base, level: $0)) }
                }
            }
        case ("user-volume"?, 3):
            return serial(fields[1]).flatMap { stream in base(fields[2], native: native).map { .entry(.userVolume(stream, base: $0)) } }
        case ("silence"?, 3):
            return serial(fields[1]).flatMap { stream in
                Bool(String(fields[2])).map { wasMuted in .entry(.silence(stream, by: native ? .pause : .mute(wasMuted: wasMuted))) }
            }
        case ("clear"?, 3) where fields[1] == "mute":
            return serial(fields[2]).map { .clear(.silence($0)) }
        default:
            return .none
        }
    }

    private static func serial(_ field: Substring) -> StreamSerial? {
        UInt64(field).map(StreamSerial.init(rawValue:))
    }

    /// A version 1 base: the stream's volume, or on the native agent its node factor as one channel.
    private static func base(_ field: Substring, native: Bool) -> LevelBase? {
        guard let volume = JournalLine.volume(field) else { return nil }
        guard native else { return .streamVolume(volume) }
        return .nodeFactor(Double(volume.channels.first ?? StreamVolume.normal) / Double(StreamVolume.normal))
    }
}
