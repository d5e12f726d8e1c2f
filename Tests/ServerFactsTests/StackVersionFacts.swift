import AudioSessionTesting
import Testing

extension ServerFacts {
    /// Each stack is the release its name says: the facts below are pinned to these versions.
    @Suite("Facts: the PipeWire stacks under test")
    struct StackVersionFacts {
        @Test("pipewire-pulse names its PipeWire version, and the native tools agree", arguments: PipeWireStack.allCases)
        func versions(stack: PipeWireStack) async throws {
            let pipewire = try await stack.start()
            defer { pipewire.stop() }
            let info = try await pipewire.pactl("info")
            #expect(info.contains("Server Name: PulseAudio (on PipeWire \(stack.pipewireVersion))"), "\(info)")
            let core = try await pipewire.stackTool("pw-cli", ["info", "0"])
            #expect(core.contains("version: \"\(stack.pipewireVersion)\""), "\(core)")
        }
    }
}
