import AudioSessionBus

/// One entry of `ExplainStream`'s `ducked_by`: `(sd)`, who ducks the stream and to which level.
struct DuckedBy: BusValueConvertible, Hashable {
    var participant: String
    var level: Double

    init(participant: String, level: Double) {
        self.participant = participant
        self.level = level
    }

    static var busType: BusType { .structure([.string, .double]) }

    init?(busValue: BusValue) {
        guard case .structure(let fields) = busValue, fields.count == 2, case .string(let participant) = fields[0],
            case .double(let level) = fields[1]
        else { return nil }
        self.init(participant: participant, level: level)
    }

    var busValue: BusValue { .structure([.string(participant), .double(level)]) }
}
