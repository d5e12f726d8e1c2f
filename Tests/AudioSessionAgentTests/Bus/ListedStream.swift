import AudioSessionBus

/// One row of `ListStreams`: `(sssssbsds)`.
struct ListedStream: BusValueConvertible, Hashable {
    var stream: String
    var direction: String
    var role: String
    var application: String
    var session: String
    var sounding: Bool
    var effect: String
    var level: Double
    var silenceCause: String

    static var busType: BusType { .structure([.string, .string, .string, .string, .string, .boolean, .string, .double, .string]) }

    init?(busValue: BusValue) {
        guard case .structure(let fields) = busValue, fields.count == 9,
            case .string(let stream) = fields[0], case .string(let direction) = fields[1],
            case .string(let role) = fields[2], case .string(let application) = fields[3],
            case .string(let session) = fields[4], case .boolean(let sounding) = fields[5],
            case .string(let effect) = fields[6], case .double(let level) = fields[7],
            case .string(let silenceCause) = fields[8]
        else { return nil }
        (self.stream, self.direction, self.role, self.application, self.session) = (stream, direction, role, application, session)
        (self.sounding, self.effect, self.level, self.silenceCause) = (sounding, effect, level, silenceCause)
    }

    var busValue: BusValue {
        .structure([
            .string(stream), .string(direction), .string(role), .string(application), .string(session), .boolean(sounding),
            .string(effect), .double(level), .string(silenceCause),
        ])
    }
}
