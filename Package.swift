// swift-tools-version: 6.1
//
// AudioSession for Linux: an AVAudioSession-style contract for Linux desktop apps, a per-user
// policy agent over PulseAudio and PipeWire, and the tools around them.
//
// Data flows one way (see docs/architecture.md):
//   sound server -> backend (graph mirror) -> engine (pure) -> decisions -> enforcer / notifier
// The engine and the model import no C module, no bus and no backend; C modules are never public.

import PackageDescription

/// Settings every Swift target shares: Swift 6 mode plus the import hygiene of the model codebases.
let strictSwift: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// An example app under Examples/NAME: the library, the examples' support and ArgumentParser.
func example(_ name: String) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["AudioSession", "ExampleSupport", .product(name: "ArgumentParser", package: "swift-argument-parser")],
        path: "Examples/\(name)", swiftSettings: strictSwift)
}

let package = Package(
    name: "AudioSession",
    products: [
        .library(name: "AudioSessionModel", targets: ["AudioSessionModel"]),
        .library(name: "AudioPolicy", targets: ["AudioPolicy"]),
        .library(name: "AudioSession", targets: ["AudioSession"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
    ],
    targets: [
        // MARK: Pure core (no I/O, no C)
        .target(name: "AudioSessionModel", swiftSettings: strictSwift),
        .target(
            name: "AudioSessionContract", dependencies: ["AudioSessionModel", "AudioSessionBus"],
            swiftSettings: strictSwift),
        .target(name: "TOMLReader", swiftSettings: strictSwift),
        // WAV files (RIFF/WAVE PCM) for the library's player and recorder; no C, no server.
        .target(name: "AudioFile", swiftSettings: strictSwift),
        .target(name: "AudioPolicy", dependencies: ["AudioSessionModel", "TOMLReader"], swiftSettings: strictSwift),
        // The scenario table format and its runner: engine tests, audiosessionctl and agent tests share it.
        .target(
            name: "PolicyScenarios", dependencies: ["AudioPolicy", "AudioSessionModel", "TOMLReader"],
            swiftSettings: strictSwift),

        // MARK: Sound-server graph and backends
        .target(name: "SoundServer", dependencies: ["AudioSessionModel"], swiftSettings: strictSwift),
        .systemLibrary(
            name: "CPulse", pkgConfig: "libpulse",
            providers: [.apt(["libpulse-dev"])]),
        .target(
            name: "PulseBackend",
            dependencies: ["CPulse", "SoundServer", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSwift),
        .systemLibrary(
            name: "CPipeWire", pkgConfig: "libpipewire-0.3",
            providers: [.apt(["libpipewire-0.3-dev"])]),
        // PipeWire's API is mostly macros and variadic functions Swift cannot import: this C target
        // re-exports each one as a prefixed real function (CPipeWireShim_*).
        .target(name: "CPipeWireShim", dependencies: ["CPipeWire"]),
        .target(
            name: "PipeWireBackend",
            dependencies: ["CPipeWire", "CPipeWireShim", "SoundServer", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSwift),

        // MARK: D-Bus
        .systemLibrary(
            name: "CDBus", pkgConfig: "dbus-1",
            providers: [.apt(["libdbus-1-dev"])]),
        .target(name: "AudioSessionBus", dependencies: ["CDBus"], swiftSettings: strictSwift),

        // MARK: The agent as a library
        .target(
            name: "AudioSessionAgent",
            dependencies: [
                "AudioPolicy", "AudioSessionModel", "PulseBackend", "SoundServer", "AudioSessionBus", "AudioSessionContract",
                "PipeWireBackend",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            resources: [.embedInCode("Bus/org.audiosession.Agent1.xml")],
            swiftSettings: strictSwift),

        // MARK: The library apps link
        .target(
            name: "AudioSession",
            dependencies: [
                "AudioSessionModel", "AudioSessionContract", "AudioSessionBus", "PulseBackend", "PipeWireBackend",
                "SoundServer", .product(name: "Logging", package: "swift-log"),
                "AudioFile",
            ],
            swiftSettings: strictSwift),

        // MARK: Executables (thin: everything they do lives in the libraries)
        .executableTarget(
            name: "audiosessionctl",
            dependencies: [
                "AudioPolicy", "AudioSessionModel", "PolicyScenarios", "AudioSessionBus", "AudioSessionContract",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSwift),
        .executableTarget(
            name: "audiosessiond",
            dependencies: [
                "AudioSessionAgent",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSwift),

        // The engine benchmark scripts/bench runs (release build); not a test: it prints figures, asserts nothing.
        .executableTarget(
            name: "AudioSessionBench",
            dependencies: [
                "AudioPolicy", "AudioSessionModel", "TOMLReader", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSwift),

        // The streaming player's latency bench scripts/bench runs (release build); prints figures, asserts nothing.
        .executableTarget(
            name: "StreamingLatencyBench",
            dependencies: ["AudioSession", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strictSwift),

        // MARK: Examples (Examples/): small apps on the library; ExamplesTests drive the built binaries
        .target(name: "ExampleSupport", dependencies: ["AudioFile"], path: "Examples/ExampleSupport", swiftSettings: strictSwift),
        example("MusicPlayerExample"),
        example("NavigationPrompterExample"),
        example("CallExample"),
        example("GameExample"),
        // The VoIP tutorial's app (its source is the tutorial's last step): the library alone, no C module.
        example("VoIPExample"),
        // The podcast tutorial's app (its source is the tutorial's last step).
        example("PodcastExample"),

        // MARK: Test support: private sound servers and buses, deadline-polled waits
        .target(name: "AudioSessionTesting", swiftSettings: strictSwift),

        // MARK: Tests
        .testTarget(name: "AudioSessionModelTests", dependencies: ["AudioSessionModel"], swiftSettings: strictSwift),
        .testTarget(name: "TOMLReaderTests", dependencies: ["TOMLReader"], swiftSettings: strictSwift),
        .testTarget(
            name: "AudioFileTests",
            dependencies: ["AudioFile", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: strictSwift),
        .testTarget(
            name: "AudioPolicyTests",
            dependencies: [
                "AudioPolicy", "AudioSessionModel", "TOMLReader", "PolicyScenarios", "AudioSessionTesting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Fixtures"],
            resources: [.copy("Scenarios")],
            swiftSettings: strictSwift),
        .testTarget(name: "AudioSessionTestingTests", dependencies: ["AudioSessionTesting"], swiftSettings: strictSwift),
        .testTarget(
            name: "PulseBackendTests",
            dependencies: ["PulseBackend", "SoundServer", "AudioSessionModel", "AudioSessionTesting"], swiftSettings: strictSwift),
        .testTarget(
            name: "PipeWireBackendTests",
            dependencies: ["PipeWireBackend", "SoundServer", "AudioSessionTesting"], swiftSettings: strictSwift),
        .testTarget(
            name: "AudioSessionBusTests", dependencies: ["AudioSessionBus", "AudioSessionTesting"],
            swiftSettings: strictSwift),
        .testTarget(
            name: "AudioSessionCtlTests", dependencies: ["audiosessionctl", "audiosessiond", "AudioSessionTesting", "AudioSessionBus"], swiftSettings: strictSwift),
        .testTarget(
            name: "AudioSessionAgentTests",
            dependencies: [
                "AudioSessionAgent", "AudioSessionTesting", "AudioPolicy", "PulseBackend", "SoundServer", "PolicyScenarios",
                "AudioSessionBus", "AudioSessionModel", "AudioSessionContract",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSwift),
        .testTarget(
            name: "AudioSessionDaemonTests",
            dependencies: [
                "audiosessiond", "AudioSessionAgent", "AudioSessionBus", "AudioSessionTesting", "AudioSessionContract",
                "PulseBackend", "SoundServer",
            ],
            swiftSettings: strictSwift),
        .testTarget(
            name: "AgentIntegrationTests",
            dependencies: ["audiosessiond", "audiosessionctl", "AudioSessionTesting", "AudioSessionBus", "PulseBackend", "SoundServer"],
            swiftSettings: strictSwift),
        // The agent's native PipeWire backend: translation units, then the real binary on PipeWire + WirePlumber.
        .testTarget(
            name: "PipeWireAgentTests",
            dependencies: [
                "AudioSessionAgent", "audiosessiond", "audiosessionctl", "AudioSessionTesting", "PipeWireBackend", "SoundServer",
                "AudioPolicy",
            ],
            swiftSettings: strictSwift),
        .testTarget(
            name: "AudioSessionTests",
            dependencies: [
                "AudioSession", "audiosessiond", "AudioSessionTesting", "AudioSessionBus", "AudioSessionContract",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift),
        .testTarget(
            name: "ExamplesTests",
            dependencies: [
                "MusicPlayerExample", "NavigationPrompterExample", "CallExample", "GameExample", "VoIPExample", "PodcastExample",
                "audiosessiond",
                "AudioSessionTesting",
            ],
            swiftSettings: strictSwift),
        .testTarget(
            name: "ServerFactsTests",
            dependencies: ["PulseBackend", "PipeWireBackend", "SoundServer", "AudioSessionTesting"],
            swiftSettings: strictSwift),
    ]
)

// MARK: Fuzzing (scripts/fuzz): libFuzzer targets under Fuzz/, declared only when the build asks for
// them (AUDIOSESSION_FUZZ=1, in the scratch path .build-fuzz), so the main build and `swift test`
// never see them. scripts/fuzz adds `-sanitize=fuzzer` to every module, for the coverage of the code under test.
if Context.environment["AUDIOSESSION_FUZZ"] == "1" {
    let fuzzing = strictSwift + [.unsafeFlags(["-parse-as-library"])]
    package.targets += [
        // Policy files: the TOML reader, then the loader over an in-memory file system.
        .executableTarget(
            name: "FuzzPolicyFiles", dependencies: ["AudioPolicy", "TOMLReader"], path: "Fuzz/FuzzPolicyFiles",
            swiftSettings: fuzzing),
        // Agent calls: D-Bus wire-format bytes, read as the agent reads an incoming call.
        .executableTarget(
            name: "FuzzAgentCalls",
            dependencies: ["AudioSessionAgent", "AudioSessionBus", "AudioSessionContract", "AudioSessionModel"],
            path: "Fuzz/FuzzAgentCalls", swiftSettings: fuzzing),
    ]
}
