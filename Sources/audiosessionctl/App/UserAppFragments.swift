import AudioPolicy
import Foundation

/// The user's `policy.d`, where `audiosessionctl app` keeps one fragment per app: checked through
/// the policy loader before anything changes, written through a temporary file and a rename, so
/// the agent never reads half a fragment.
///
/// ```swift
/// let fragments = try UserAppFragments.forThisProcess()
/// let path = try fragments.write(entry)   // throws when the policy with it would not load
/// ```
struct UserAppFragments {
    /// The search order the agent reads (same environment).
    var searchPath: PolicySearchPath
    /// `$XDG_CONFIG_HOME/audiosession/policy.d`.
    var directory: String

    static func forThisProcess() throws(UserAppEntryError) -> UserAppFragments {
        let environment = ProcessEnvironment.current
        let searchPath = PolicySearchPath(
            environment: environment, shippedPolicy: ShippedPolicyLocation.find(environment: environment))
        // Without an absolute XDG_CONFIG_HOME or HOME the search order has no level of the user's:
        // its last level would be a system directory.
        let hasUserLevel = [environment["XDG_CONFIG_HOME"], environment["HOME"]].contains { $0?.hasPrefix("/") == true }
        guard hasUserLevel, let level = searchPath.levels.last else {
            throw UserAppEntryError(
                "no configuration directory: expected XDG_CONFIG_HOME or HOME to be set to an absolute path")
        }
        return UserAppFragments(searchPath: searchPath, directory: level.fragmentDirectory)
    }

    func path(of appID: String) -> String { directory + "/" + UserAppEntry.fileName(for: appID) }

    /// The policy as it would load with `entry`'s fragment in place (`nil`: without the app's fragment).
    func loadWith(_ entry: UserAppEntry?, appID: String) throws(PolicyLoadError) -> LoadedPolicy {
        let overlay = OverlaidPolicyFileSystem(path: path(of: appID), contents: entry.map { Array($0.fragment.utf8) })
        return try PolicyLoader(fileSystem: overlay, searchPath: searchPath).load()
    }

    /// Writes `entry`'s fragment once the policy with it loads and its rule is the one that decides
    /// for the app. Returns the fragment's path.
    func write(_ entry: UserAppEntry) throws(UserAppEntryError) -> String {
        let target = path(of: entry.appID)
        let loaded: LoadedPolicy
        do {
            loaded = try loadWith(entry, appID: entry.appID)
        } catch {
            throw UserAppEntryError(
                "nothing was written: the policy with this entry would not load: "
                    + error.problems.map(\.description).joined(separator: "; "))
        }
        if let first = loaded.policy.appRules.first(where: { $0.match.contains(entry.appID) }), first != entry.rule {
            // The first overriding rule that covers an app decides for it: a later one would be ignored.
            throw UserAppEntryError(
                "nothing was written: an earlier overriding rule (for \(first.match.joined(separator: ", "))) already decides for "
                    + "\"\(entry.appID)\", and this entry would be ignored; expected an app no other `overrides = true` rule "
                    + "names (remove that rule from your policy first)")
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            // A name starting with '.' is skipped by the loader, so an agent reloading meanwhile never reads it.
            let temporary = directory + "/.\(UserAppEntry.fileName(for: entry.appID)).\(getpid()).tmp"
            do {
                try Data(entry.fragment.utf8).write(to: URL(fileURLWithPath: temporary))
                guard rename(temporary, target) == 0 else {
                    throw UserAppEntryError("cannot rename \(temporary) to \(target): \(String(cString: strerror(errno)))")
                }
            } catch {
                try? FileManager.default.removeItem(atPath: temporary)
                throw error
            }
        } catch let error as UserAppEntryError {
            throw error
        } catch {
            throw UserAppEntryError("cannot write \(target): \(error.localizedDescription)")
        }
        return target
    }

    /// Removes the app's fragment. Returns its path.
    func remove(appID: String) throws(UserAppEntryError) -> String {
        let target = path(of: appID)
        guard FileManager.default.fileExists(atPath: target) else {
            throw UserAppEntryError("no entry of yours for \"\(appID)\": expected \(target) (see `audiosessionctl app list`)")
        }
        do {
            try FileManager.default.removeItem(atPath: target)
        } catch {
            throw UserAppEntryError("cannot remove \(target): \(error.localizedDescription)")
        }
        return target
    }

    /// The app ids of the fragments `app set` wrote, in file order.
    func appIDs() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.compactMap { name in
            guard let id = UserAppEntry.appID(ofFile: name),
                let text = try? String(contentsOfFile: directory + "/" + name, encoding: .utf8), text.hasPrefix(UserAppEntry.marker)
            else { return nil }
            return id
        }
    }
}
