// swift-tools-version:6.0
// A program written only from the AudioSession documentation (Sources/AudioSession/AudioSession.docc,
// GettingStarted.md), outside the package. Tests/AudioSessionTests/DocumentedProgramTests.swift
// copies this directory, points the dependency at the repository and builds it.
import PackageDescription

let package = Package(
    name: "DocumentedProgram",
    dependencies: [
        .package(name: "audiosession-linux", path: "REPOSITORY")
    ],
    targets: [
        .executableTarget(name: "Prompter", dependencies: [
            .product(name: "AudioSession", package: "audiosession-linux")
        ])
    ]
)
