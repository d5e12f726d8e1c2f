import AudioSessionBus

/// One row of `ListSessions`: `(ssuusssass)`.
struct ListedSession: BusValueConvertible, Hashable {
    var session: String
    var owner: String
    var pid: UInt32
    var uid: UInt32
    var applicationID: String
    var category: String
    var mode: String
    var options: [String]
    var activity: String

    static var busType: BusType { .structure([.string, .string, .uint32, .uint32, .string, .string, .string, .array(.string), .string]) }

    init?(busValue: BusValue) {
        guard case .structure(let fields) = busValue, fields.count == 9,
            case .string(let session) = fields[0], case .string(let owner) = fields[1], case .uint32(let pid) = fields[2],
            case .uint32(let uid) = fields[3], case .string(let applicationID) = fields[4],
            case .string(let category) = fields[5], case .string(let mode) = fields[6],
            let options = [String](busValue: fields[7]), case .string(let activity) = fields[8]
        else { return nil }
        (self.session, self.owner, self.pid, self.uid) = (session, owner, pid, uid)
        (self.applicationID, self.category, self.mode, self.options, self.activity) = (applicationID, category, mode, options, activity)
    }

    var busValue: BusValue {
        .structure([
            .string(session), .string(owner), .uint32(pid), .uint32(uid), .string(applicationID), .string(category),
            .string(mode), options.busValue, .string(activity),
        ])
    }
}
