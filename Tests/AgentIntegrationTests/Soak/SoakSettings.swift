import Foundation

/// What one soak run does, read from the environment so that `scripts/soak` and the suite's short
/// form run the same test: `SOAK_MINUTES` (default 2), `SOAK_SEED` (default: a fresh one, printed),
/// `SOAK_SETUP` (`pulse-minimal`, `pulse-stock`, `pipewire-pulse`, `pipewire-native`; default: the
/// one the seed picks).
struct SoakSettings: Sendable {
    var minutes: Double
    var seed: UInt64
    var setup: SoundSetup
    /// The suite's short form (`SOAK_MINUTES` not set); `scripts/soak` runs the long form.
    var isSuiteForm: Bool

    /// The settings of this test process; read once, so every reader sees the same fresh seed.
    static let current = Result { () throws(SoakSettingsError) -> SoakSettings in
        try SoakSettings(environment: ProcessInfo.processInfo.environment)
    }

    init(environment: [String: String]) throws(SoakSettingsError) {
        isSuiteForm = environment["SOAK_MINUTES"] == nil
        let minutesText = environment["SOAK_MINUTES"] ?? "2"
        guard let minutes = Double(minutesText), minutes > 0, minutes <= 24 * 60 else {
            throw SoakSettingsError(message: "SOAK_MINUTES is '\(minutesText)'; expected minutes above 0, such as 2 or 30")
        }
        self.minutes = minutes
        if let seedText = environment["SOAK_SEED"], !seedText.isEmpty {
            guard let seed = UInt64(seedText) else {
                throw SoakSettingsError(message: "SOAK_SEED is '\(seedText)'; expected an unsigned 64-bit decimal number")
            }
            self.seed = seed
        } else {
            seed = UInt64.random(in: 1...UInt64(UInt32.max))
        }
        let setupText = environment["SOAK_SETUP"] ?? ""
        if setupText.isEmpty {
            setup = SoundSetup.allCases[Int(seed % UInt64(SoundSetup.allCases.count))]
        } else {
            guard let setup = SoundSetup.allCases.first(where: { $0.shortName == setupText }) else {
                throw SoakSettingsError(
                    message: "SOAK_SETUP is '\(setupText)'; expected one of "
                        + SoundSetup.allCases.map(\.shortName).joined(separator: ", "))
            }
            self.setup = setup
        }
    }

    /// The test's time limit: the run, plus room for its setup, its last checks and a slow stop.
    static var timeLimitMinutes: Int {
        let minutes = (try? current.get().minutes) ?? 2
        return max(5, Int(minutes.rounded(.up)) + 4)
    }

    /// How to run this soak again.
    var replay: String {
        let minutesText = minutes == minutes.rounded() ? String(Int(minutes)) : String(minutes)
        return "scripts/soak \(minutesText) \(seed) \(setup.shortName)"
    }
}

/// A soak setting in the environment that cannot be used.
struct SoakSettingsError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

extension SoundSetup {
    /// The setup's name in `SOAK_SETUP` and on `scripts/soak`'s command line.
    var shortName: String {
        switch self {
        case .pulseMinimal: "pulse-minimal"
        case .pulseStock: "pulse-stock"
        case .pipewirePulse: "pipewire-pulse"
        case .pipewireNative: "pipewire-native"
        }
    }
}
