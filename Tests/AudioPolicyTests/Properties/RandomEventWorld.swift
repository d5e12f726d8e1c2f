import AudioPolicy
import AudioSessionModel
import PolicyScenarios

/// Turns random integers into engine events over a small, fixed cast of sessions and streams, so
/// the property tests' inputs are plain integer arrays that the library can generate and shrink.
struct RandomEventWorld {
    static let sessions: [SessionID] = ["s0", "s1", "s2", "s3"]
    /// Streams of apps (they may be targets and triggers).
    static let appStreams: [StreamID] = ["t0", "t1", "t2", "t3", "t4", "t5"]
    /// Streams that are not apps: each id always carries the properties of one excluded kind.
    static let excludedStreams: [StreamID] = ["x0", "x1", "x2", "x3", "x4", "x5"]
    static let excludedKinds: [ScenarioStreamKind] = [.peakMeter, .monitorCapture, .loopback, .echoCancel, .filterChain, .agent]

    /// App ids: ordinary apps, the app the reserved-calls policy names, and apps the policies exempt.
    static let apps = ["org.example.Player", "org.example.Phone", "org.example.Maps", "firefox", "orca", "speech-dispatcher"]

    /// Role names as clients spell them: canonical, PulseAudio and PipeWire aliases, unknown, and none.
    static let roles: [String?] = [
        nil, "music", "Music", "video", "Movie", "game", "event", "Notification", "phone", "Communication",
        "Alert", "Navigation", "Assistant", "a11y", "production", "test", "animation", "kazoo", "",
    ]

    /// Every valid configuration the model accepts.
    static let configurations: [SessionConfiguration] = Category.allCases.flatMap { category in
        Mode.allCases.flatMap { mode in
            (0..<(1 << CategoryOption.allCases.count)).compactMap { bits -> SessionConfiguration? in
                let options = CategoryOptions(CategoryOption.allCases.enumerated().filter { bits & (1 << $0.offset) != 0 }.map(\.element))
                return try? SessionConfiguration(category: category, mode: mode, options: options)
            }
        }
    }

    /// The policies a sequence may switch between.
    var policies: [Policy]

    /// Picks `value % count` and leaves the rest of `value` for the next pick.
    struct Picker {
        var value: Int
        mutating func pick(_ count: Int) -> Int {
            let picked = value % count
            value /= count
            return picked
        }
        mutating func element<T>(of array: [T]) -> T { array[pick(array.count)] }
        mutating func flag() -> Bool { pick(2) == 1 }
    }

    /// The event `code` stands for.
    func event(_ code: Int) -> PolicyEvent {
        var picker = Picker(value: code)
        switch picker.pick(11) {
        case 0:
            return .sessionRegistered(picker.element(of: Self.sessions), app: AppIdentity(applicationID: picker.element(of: Self.apps)))
        case 1:
            return .sessionConfigured(picker.element(of: Self.sessions), picker.element(of: Self.configurations))
        case 2:
            return .sessionActivated(picker.element(of: Self.sessions))
        case 3:
            return .sessionDeactivated(picker.element(of: Self.sessions), notifyOthers: picker.flag())
        case 4:
            return .sessionEnded(picker.element(of: Self.sessions))
        case 5:
            return .streamAppeared(stream(&picker))
        case 6:
            return .streamChanged(stream(&picker))
        case 7, 8:
            return .streamSoundingChanged(picker.element(of: Self.appStreams + Self.excludedStreams), isSounding: picker.flag())
        case 9:
            return .streamVanished(picker.element(of: Self.appStreams + Self.excludedStreams))
        default:
            return picker.flag()
                ? .policyReplaced(picker.element(of: policies)) : .timePassed(milliseconds: picker.pick(100_000))
        }
    }

    /// A stream with random facts; excluded ids always get their excluded kind's properties.
    func stream(_ picker: inout Picker) -> StreamInfo {
        let excluded = picker.flag()
        let index = picker.pick(Self.appStreams.count)
        let id = excluded ? Self.excludedStreams[index] : Self.appStreams[index]
        var properties = excluded ? Self.excludedKinds[index].properties : [:]
        if let role = picker.element(of: Self.roles), properties["media.role"] == nil { properties["media.role"] = role }
        let session: SessionID? = picker.flag() ? picker.element(of: Self.sessions) : nil
        // Excluded streams never belong to exempt apps, so any decision naming them is the exclusion failing.
        let app = picker.element(of: Array(Self.apps.prefix(4)))
        return StreamInfo(
            id: id, direction: picker.flag() ? .capture : .playback, properties: properties, session: session,
            app: AppIdentity(applicationID: app), isSounding: picker.pick(4) != 0)
    }
}
