import AudioPolicy
import ArgumentParser

/// `audiosessionctl app list`: the entries `app set` wrote, as the policy reads them.
struct AppListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List your own app entries (those `app set` wrote).",
        discussion: "One line per app: its id, what the entry says, and its file.")

    func run() throws {
        let fragments: UserAppFragments
        do {
            fragments = try UserAppFragments.forThisProcess()
        } catch {
            throw CtlFailure(error.description, exitCode: CtlExitCode.dataError).report()
        }
        let ids = fragments.appIDs()
        guard !ids.isEmpty else {
            print("no entries of yours (in \(fragments.directory))")
            return
        }
        let rules = (try? fragments.loadWith(nil, appID: "").policy.appRules) ?? []
        var rows: [[String]] = []
        for id in ids {
            let rule = rules.first { $0.match.contains(id) }
            let entry = rule.flatMap {
                try? UserAppEntry(appID: id, exempt: $0.exempt, role: $0.role?.name, callWhileCapturing: $0.callWhileCapturing)
            }
            rows.append([id, entry?.summary ?? "(the policy does not load: see `audiosessionctl policy show`)", fragments.path(of: id)])
        }
        print(TextTable(header: ["APP", "ENTRY", "FILE"], rows: rows).lines.joined(separator: "\n"))
    }
}
