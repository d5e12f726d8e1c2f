/// The text form of journal lines: `CRC32 payload\n`, the checksum as eight hex digits over the
/// payload's bytes, fields separated by single spaces and percent-encoded.
///
/// ```text
/// 00424FD3 audiosession-journal 2 pulse:unix:/run/user/1000/pulse/native
/// B2E80C6F duck 4711 volume=65536/65536 0.3
/// 29424DF7 duck 4712 factor=1.0 0.3
/// EE387BFE silence 4713 mute false
/// 53793558 silence 4714 pause
/// 4C932C39 silence 4715 pause-and-mute
/// 07EA09D2 clear volume 4711
/// E84C6350 clear silence 4713
/// ECD7BAAE process 5120 884213 pipewire%20-c%20echo-cancel.conf
/// C9EF60D6 clock-setting clock.force-rate =0 44100
/// ```
///
/// Journals of version 1 (`duck 4711 65536/65536 0.3`, `silence 4713 false`, `clear mute 4713`)
/// are read in their ``JournalDialect`` (``JournalVersion1Line``).
enum JournalLine {
    static let magic = "audiosession-journal"

    /// What a line holds.
    enum Content: Hashable {
        /// The server instance the journal belongs to, and where that server listened when the
        /// journal was written (older journals and agents that do not know it leave it out).
        case header(serverInstance: String, serverAddress: String?, dialect: JournalDialect)
        case record(JournalRecord)
    }

    static func header(serverInstance: String, serverAddress: String? = nil) -> [UInt8] {
        var fields = [magic, JournalDialect.currentVersion, FieldEncoding.encodeField(serverInstance)]
        if let serverAddress { fields.append(FieldEncoding.encodeField(serverAddress)) }
        return encode(fields)
    }

    static func encode(_ record: JournalRecord) -> [UInt8] {
        encode(fields(of: record))
    }

    /// Parses one line without its newline, a record in the words of `dialect` (its file's
    /// header's); the error is a reason a person can read.
    static func parse(_ line: ArraySlice<UInt8>, dialect: JournalDialect = .current) -> Result<Content, JournalLineProblem> {
        guard line.count > 9, line[line.startIndex + 8] == UInt8(ascii: " ") else {
            return .failure(JournalLineProblem("expected an 8-digit checksum, a space and a record"))
        }
        let checksumText = String(decoding: line.prefix(8), as: UTF8.self)
        let payload = line.dropFirst(9)
        guard let checksum = UInt32(checksumText, radix: 16) else {
            return .failure(JournalLineProblem("checksum \"\(checksumText)\" is not hexadecimal"))
        }
        guard CRC32.checksum(payload) == checksum else {
            return .failure(JournalLineProblem("checksum mismatch: the line is damaged or was torn by a crash"))
        }
        let fields = String(decoding: payload, as: UTF8.self).split(separator: " ", omittingEmptySubsequences: false)
        return content(of: fields, dialect: dialect)
    }

    /// Writes the line into one buffer: the checksum's place first, the payload after it, then
    /// the checksum over the payload in place. A line is written on the agent's reaction path
    /// (every duck and mute is journalled before it is sent), so it builds no interim strings.
    private static func encode(_ fields: [String]) -> [UInt8] {
        let payloadStart = 9
        var line: [UInt8] = []
        line.reserveCapacity(payloadStart + fields.reduce(fields.count) { $0 + $1.utf8.count })
        line.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: 8))
        line.append(UInt8(ascii: " "))
        for (index, field) in fields.enumerated() {
            if index > 0 { line.append(UInt8(ascii: " ")) }
            line.append(contentsOf: field.utf8)
        }
        var checksum = CRC32.checksum(line[payloadStart...])
        for position in stride(from: 7, through: 0, by: -1) {
            line[position] = hexDigits[Int(checksum & 0xF)]
            checksum >>= 4
        }
        line.append(UInt8(ascii: "\n"))
        return line
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func fields(of record: JournalRecord) -> [String] {
        switch record {
        case .entry(.duck(let stream, let base, let level)):
            ["duck", stream.description, encode(base), String(level)]
        case .entry(.userVolume(let stream, let base)):
            ["user-volume", stream.description, encode(base)]
        case .entry(.silence(let stream, .mute(let wasMuted))):
            ["silence", stream.description, "mute", String(wasMuted)]
        case .entry(.silence(let stream, .pause)):
            ["silence", stream.description, "pause"]
        case .entry(.silence(let stream, .pauseAndMute)):
            ["silence", stream.description, "pause-and-mute"]
        case .entry(.move(let stream, let device)):
            ["move", stream.description, FieldEncoding.encodeField(device)]
        case .entry(.moduleUnloaded(let name, let argument)):
            ["module-unloaded", FieldEncoding.encodeField(name), FieldEncoding.encodeField(argument)]
        case .entry(.restoreEntry(let stream, let name)):
            ["restore-entry", stream.description, FieldEncoding.encodeField(name)]
        case .entry(.cardProfile(let card, let profile)):
            ["card-profile", FieldEncoding.encodeField(card), FieldEncoding.encodeField(profile)]
        case .clear(.volume(let stream)): ["clear", "volume", stream.description]
        case .clear(.silence(let stream)): ["clear", "silence", stream.description]
        case .clear(.device(let stream)): ["clear", "device", stream.description]
        case .clear(.restoreEntry(let stream)): ["clear", "restore-entry", stream.description]
        case .clear(.module(let name, let argument)):
            ["clear", "module", FieldEncoding.encodeField(name), FieldEncoding.encodeField(argument)]
        case .clear(.cardProfile(let card)): ["clear", "card-profile", FieldEncoding.encodeField(card)]
        case .entry(.spawnedProcess(let pid, let startTime, let command)):
            ["process", String(pid), String(startTime), FieldEncoding.encodeField(command)]
        case .clear(.process(let pid, let startTime)): ["clear", "process", String(pid), String(startTime)]
        case .entry(.clockSetting(let key, let previous, let written)):
            // `=VALUE` for a value found, `-` for none: an empty field cannot be told from a space.
            ["clock-setting", FieldEncoding.encodeField(key), previous.map { "=" + FieldEncoding.encodeField($0) } ?? "-",
             FieldEncoding.encodeField(written)]
        case .clear(.clockSetting(let key)): ["clear", "clock-setting", FieldEncoding.encodeField(key)]
        }
    }

    private static func content(of fields: [Substring], dialect: JournalDialect) -> Result<Content, JournalLineProblem> {
        func problem(_ text: String) -> Result<Content, JournalLineProblem> { .failure(JournalLineProblem(text)) }
        func record(_ record: JournalRecord?) -> Result<Content, JournalLineProblem> {
            record.map { .success(.record($0)) } ?? problem("malformed \"\(fields.joined(separator: " "))\"")
        }
        if dialect != .current, let old = JournalVersion1Line.record(fields, dialect: dialect) {
            return record(old)
        }
        switch (fields.first, fields.count) {
        case (magic?, 3), (magic?, 4):
            guard let instance = FieldEncoding.decode(fields[2]) else {
                return problem("malformed server instance in the header")
            }
            guard let dialect = JournalDialect(version: fields[1], serverInstance: instance) else {
                return problem(
                    "journal version \(fields[1]); this agent writes version \(JournalDialect.currentVersion) and reads versions 1 and 2")
            }
            guard fields.count == 4 else { return .success(.header(serverInstance: instance, serverAddress: nil, dialect: dialect)) }
            return FieldEncoding.decode(fields[3]).map { .success(.header(serverInstance: instance, serverAddress: $0, dialect: dialect)) }
                ?? problem("malformed server address in the header")
        case ("duck"?, 4):
            return record(
                serial(fields[1]).flatMap { stream in
                    base(fields[2]).flatMap { base in
                        level(fields[3]).map { .entry(.duck(stream, base: base, level: $0)) }
                    }
                })
        case ("user-volume"?, 3):
            return record(
                serial(fields[1]).flatMap { stream in
                    base(fields[2]).map { .entry(.userVolume(stream, base: $0)) }
                })
        case ("silence"?, 4) where fields[2] == "mute":
            return record(
                serial(fields[1]).flatMap { stream in
                    Bool(String(fields[3])).map { .entry(.silence(stream, by: .mute(wasMuted: $0))) }
                })
        case ("silence"?, 3) where fields[2] == "pause":
            return record(serial(fields[1]).map { .entry(.silence($0, by: .pause)) })
        case ("silence"?, 3) where fields[2] == "pause-and-mute":
            return record(serial(fields[1]).map { .entry(.silence($0, by: .pauseAndMute)) })
        case ("move"?, 3):
            return record(
                serial(fields[1]).flatMap { stream in
                    FieldEncoding.decode(fields[2]).map { .entry(.move(stream, originalDevice: $0)) }
                })
        case ("restore-entry"?, 3):
            return record(
                serial(fields[1]).flatMap { stream in
                    FieldEncoding.decode(fields[2]).map { .entry(.restoreEntry(stream, name: $0)) }
                })
        case ("module-unloaded"?, 3):
            return record(
                FieldEncoding.decode(fields[1]).flatMap { name in
                    FieldEncoding.decode(fields[2]).map { .entry(.moduleUnloaded(name: name, argument: $0)) }
                })
        case ("card-profile"?, 3):
            return record(
                FieldEncoding.decode(fields[1]).flatMap { card in
                    FieldEncoding.decode(fields[2]).map { .entry(.cardProfile(card: card, originalProfile: $0)) }
                })
        case ("process"?, 4):
            return record(
                Int32(fields[1]).flatMap { pid in
                    UInt64(fields[2]).flatMap { start in
                        FieldEncoding.decode(fields[3]).map { .entry(.spawnedProcess(pid: pid, startTime: start, command: $0)) }
                    }
                })
        case ("clock-setting"?, 4):
            let previous: String?? =
                fields[2] == "-" ? .some(nil) : fields[2].hasPrefix("=") ? FieldEncoding.decode(fields[2].dropFirst()).map { .some($0) } : nil
            return record(
                FieldEncoding.decode(fields[1]).flatMap { key in
                    previous.flatMap { previous in
                        FieldEncoding.decode(fields[3]).map { .entry(.clockSetting(key: key, previous: previous, written: $0)) }
                    }
                })
        case ("clear"?, 3) where fields[1] == "clock-setting":
            return record(FieldEncoding.decode(fields[2]).map { .clear(.clockSetting(key: $0)) })
        case ("clear"?, 4) where fields[1] == "process":
            return record(
                Int32(fields[2]).flatMap { pid in UInt64(fields[3]).map { .clear(.process(pid: pid, startTime: $0)) } })
        case ("clear"?, 3) where fields[1] == "card-profile":
            return record(FieldEncoding.decode(fields[2]).map { .clear(.cardProfile(card: $0)) })
        case ("clear"?, 3):
            let stream = serial(fields[2])
            switch fields[1] {
            case "volume": return record(stream.map { .clear(.volume($0)) })
            case "silence": return record(stream.map { .clear(.silence($0)) })
            case "device": return record(stream.map { .clear(.device($0)) })
            case "restore-entry": return record(stream.map { .clear(.restoreEntry($0)) })
            default:
                return problem(
                    "unknown restore \"\(fields[1])\"; expected volume, silence, device, restore-entry, module, card-profile, process or clock-setting")
            }
        case ("clear"?, 4) where fields[1] == "module":
            return record(
                FieldEncoding.decode(fields[2]).flatMap { name in
                    FieldEncoding.decode(fields[3]).map { .clear(.module(name: name, argument: $0)) }
                })
        case (let kind?, _):
            return problem("unknown record \"\(kind)\" with \(fields.count - 1) fields")
        case (nil, _):
            return problem("empty record")
        }
    }

    /// `volume=65536/65536` (`volume=-` for no channels) or `factor=1.0`.
    private static func encode(_ base: LevelBase) -> String {
        switch base {
        case .streamVolume(let volume): "volume=" + (volume.channels.isEmpty ? "-" : volume.description)
        case .nodeFactor(let factor): "factor=" + String(factor)
        }
    }

    private static func base(_ field: Substring) -> LevelBase? {
        if field.hasPrefix("volume=") { return volume(field.dropFirst("volume=".count)).map(LevelBase.streamVolume) }
        guard field.hasPrefix("factor="), let factor = Double(field.dropFirst("factor=".count)), factor.isFinite, factor >= 0
        else { return nil }
        return .nodeFactor(factor)
    }

    private static func serial(_ field: Substring) -> StreamSerial? {
        UInt64(field).map(StreamSerial.init(rawValue:))
    }

    static func volume(_ field: Substring) -> StreamVolume? {
        if field == "-" { return StreamVolume([]) }
        let channels = field.split(separator: "/", omittingEmptySubsequences: false).map { UInt32($0) }
        guard channels.allSatisfy({ $0 != nil }) else { return nil }
        return StreamVolume(channels.compactMap { $0 })
    }

    static func level(_ field: Substring) -> Double? {
        Double(field).flatMap { $0.isFinite && $0 >= 0 && $0 <= 1 ? $0 : nil }
    }
}
