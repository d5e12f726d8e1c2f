@testable import AudioSessionAgent

/// A process tree described by the test.
struct FakeProcessTable: ProcessTable {
    struct Process {
        var parent: Int32
        var scope: String?
        var flatpak: String?
        var environment: [String: String] = [:]
    }

    var processes: [Int32: Process]

    func parent(of processID: Int32) -> Int32? { processes[processID]?.parent }
    func appScope(of processID: Int32) -> String? { processes[processID]?.scope }
    func flatpakAppID(of processID: Int32) -> String? { processes[processID]?.flatpak }
    func environmentVariable(_ name: String, of processID: Int32) -> String? {
        processes[processID]?.environment[name]
    }
}
