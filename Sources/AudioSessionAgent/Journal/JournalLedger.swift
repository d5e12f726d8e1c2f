/// The pending restores a sequence of journal records adds up to (pure; the file replays into it).
///
/// Later records refine earlier ones: a second duck keeps the first base, a second silence keeps
/// the first (its mute state, or its pause) and a second move the first device, because what must
/// come back is what the user had before the agent touched the stream.
struct JournalLedger: Hashable, Sendable {
    private var restores: [RestoreKey: PendingRestore] = [:]
    /// Keys in the order they were first recorded, so restores run oldest first.
    private var order: [RestoreKey] = []

    /// The pending restores, oldest first.
    var pending: [PendingRestore] { order.compactMap { restores[$0] } }

    var isEmpty: Bool { restores.isEmpty }

    var count: Int { restores.count }

    subscript(key: RestoreKey) -> PendingRestore? { restores[key] }

    mutating func apply(_ record: JournalRecord) {
        switch record {
        case .entry(let entry): apply(entry)
        case .clear(let key): remove(key)
        }
    }

    mutating func apply(_ entry: JournalEntry) {
        guard let updated = restore(after: entry) else { return }
        if restores[entry.key] == nil { order.append(entry.key) }
        restores[entry.key] = updated
    }

    /// Whether applying `record` would change the ledger: a change that adds nothing writes nothing.
    func isChanged(by record: JournalRecord) -> Bool {
        switch record {
        case .entry(let entry): restore(after: entry) != nil
        case .clear(let key): restores[key] != nil
        }
    }

    /// What the entry's key is to restore once `entry` is applied; `nil` when that is what it already is.
    private func restore(after entry: JournalEntry) -> PendingRestore? {
        let existing = restores[entry.key]
        let updated: PendingRestore
        switch (entry, existing) {
        case (.duck(_, _, let level), .volume(let stream, let base, _)?):
            updated = .volume(stream, base: base, appliedLevel: level)
        case (.duck(let stream, let base, let level), _):
            updated = .volume(stream, base: base, appliedLevel: level)
        case (.userVolume(let stream, let base), _):
            updated = .volume(stream, base: base, appliedLevel: nil)
        case (.silence, .silence?), (.move, .device?), (.moduleUnloaded, .module?), (.cardProfile, .cardProfile?),
            (.spawnedProcess, .process?):
            return nil
        case (.clockSetting(let key, _, let written), .clockSetting(_, let previous, _)?):
            updated = .clockSetting(key: key, previous: previous, written: written)
        case (.clockSetting(let key, let previous, let written), _):
            updated = .clockSetting(key: key, previous: previous, written: written)
        case (.silence(let stream, let mechanism), _):
            updated = .silence(stream, by: mechanism)
        case (.move(let stream, let device), _):
            updated = .device(stream, originalDevice: device)
        case (.moduleUnloaded(let name, let argument), _):
            updated = .module(name: name, argument: argument)
        case (.restoreEntry(let stream, let name), _):
            updated = .restoreEntry(stream, name: name)
        case (.cardProfile(let card, let profile), _):
            updated = .cardProfile(card: card, originalProfile: profile)
        case (.spawnedProcess(let pid, let startTime, let command), _):
            updated = .process(pid: pid, startTime: startTime, command: command)
        }
        return updated == existing ? nil : updated
    }

    mutating func remove(_ key: RestoreKey) {
        guard restores.removeValue(forKey: key) != nil else { return }
        order.removeAll { $0 == key }
    }

    /// Records that rebuild exactly this ledger, for compaction.
    var records: [JournalRecord] {
        pending.map { restore in
            switch restore {
            case .volume(let stream, let base, let level?): .entry(.duck(stream, base: base, level: level))
            case .volume(let stream, let base, nil): .entry(.userVolume(stream, base: base))
            case .silence(let stream, let mechanism): .entry(.silence(stream, by: mechanism))
            case .device(let stream, let device): .entry(.move(stream, originalDevice: device))
            case .module(let name, let argument): .entry(.moduleUnloaded(name: name, argument: argument))
            case .restoreEntry(let stream, let name): .entry(.restoreEntry(stream, name: name))
            case .cardProfile(let card, let profile): .entry(.cardProfile(card: card, originalProfile: profile))
            case .process(let pid, let startTime, let command):
                .entry(.spawnedProcess(pid: pid, startTime: startTime, command: command))
            case .clockSetting(let key, let previous, let written):
                .entry(.clockSetting(key: key, previous: previous, written: written))
            }
        }
    }
}
