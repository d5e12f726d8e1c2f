import AudioPolicy
import Foundation

/// The user's own `[[app]]` entry for one app, as `audiosessionctl app set` writes it: one
/// commented fragment, `app-ID.toml`, in the user's `policy.d`.
///
/// ```swift
/// let entry = try UserAppEntry(appID: "org.example.Player", exempt: true)
/// entry.fileName   // "app-org.example.Player.toml"
/// print(entry.fragment)
/// ```
struct UserAppEntry: Hashable {
    /// The application id the entry covers (application.id, process binary, Flatpak or portal app id).
    var appID: String
    /// Never ducked, silenced or moved; never a trigger (`exempt = true`).
    var exempt = false
    /// The role the app's role-less streams take (`role`).
    var role: String?
    /// Its role-less playback counts as a call while it captures from a microphone (`call-while-capturing = true`).
    var callWhileCapturing = false

    /// The line that marks a fragment as written by the command.
    static let marker = "# Written by `audiosessionctl app set`"
    static let filePrefix = "app-"
    static let fileSuffix = ".toml"

    /// An entry for `appID`; an id that cannot name a file or be matched is refused with what was
    /// wrong and what is expected.
    init(appID: String, exempt: Bool = false, role: String? = nil, callWhileCapturing: Bool = false) throws(UserAppEntryError) {
        try Self.check(appID)
        self.appID = appID
        self.exempt = exempt
        self.role = role
        self.callWhileCapturing = callWhileCapturing
    }

    /// Refuses ids that are empty, hold a path separator or a control character, or are too long
    /// for a file name.
    static func check(_ appID: String) throws(UserAppEntryError) {
        let expected = "expected an application id such as org.example.Player or a process binary such as paplay"
        if appID.isEmpty { throw UserAppEntryError("the application id is empty; \(expected)") }
        if appID.contains("/") {
            throw UserAppEntryError("the application id \"\(appID)\" contains '/'; \(expected) (a name, not a path)")
        }
        if let control = appID.unicodeScalars.first(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }) {
            throw UserAppEntryError(
                "the application id contains the control character U+\(String(control.value, radix: 16, uppercase: true)); \(expected)")
        }
        if (filePrefix + appID + fileSuffix).utf8.count > 255 {
            throw UserAppEntryError("the application id is \(appID.utf8.count) bytes long; expected at most \(255 - filePrefix.utf8.count - fileSuffix.utf8.count)")
        }
    }

    /// The fragment's file name in `policy.d`.
    var fileName: String { Self.fileName(for: appID) }

    static func fileName(for appID: String) -> String { filePrefix + appID + fileSuffix }

    /// The app id a fragment's file name stands for, or `nil` for other files.
    static func appID(ofFile name: String) -> String? {
        guard name.hasPrefix(filePrefix), name.hasSuffix(fileSuffix), name.count > filePrefix.count + fileSuffix.count else { return nil }
        return String(name.dropFirst(filePrefix.count).dropLast(fileSuffix.count))
    }

    /// The rule the fragment gives the policy, to find it in the loaded policy.
    var rule: AppRule {
        AppRule(
            match: [appID], exempt: exempt, role: role.flatMap(Role.init(normalizing:)), callWhileCapturing: callWhileCapturing,
            overrides: true)
    }

    /// The settings in words, for messages and `app list`.
    var summary: String {
        var parts: [String] = []
        if exempt { parts.append("exempt (never ducked or silenced, never a trigger)") }
        if let role { parts.append("role \(role)") }
        if callWhileCapturing { parts.append("a call while it captures from a microphone") }
        return parts.joined(separator: ", ")
    }

    /// The fragment's text: a header saying who wrote it and how to undo it, and a comment on every setting.
    var fragment: String {
        let id = Self.tomlString(appID)
        var lines = [
            "\(Self.marker) for the app \(id).",
            "# Undo: audiosessionctl app unset '\(appID.replacingOccurrences(of: "'", with: "'\\''"))'",
            "# `app set` and `app unset` rewrite or remove this file; see docs/policy-format.md, [[app]].",
            "",
            "# The policy format this file is written in.",
            "version = 1",
            "",
            "[[app]]",
            "# The application id this entry covers: application.id, process binary, Flatpak or portal app id.",
            "match = [\(id)]",
            "# Asked before the rules the policy ships, so this entry decides for the app.",
            "overrides = true",
        ]
        if exempt {
            lines += [
                "# Never ducked, silenced or moved by the agent, and never a trigger: its sound does not quiet others.",
                "exempt = true",
            ]
        }
        if let role {
            lines += ["# The role its streams take when they name none.", "role = \(Self.tomlString(role))"]
        }
        if callWhileCapturing {
            lines += [
                "# While it captures from a microphone, its playback that names no role counts as a call.",
                "call-while-capturing = true",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A TOML basic string: quotes and backslashes escaped (control characters were refused).
    static func tomlString(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
