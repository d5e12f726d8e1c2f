// A navigation prompter as the getting-started article describes one: declare the category,
// activate around the prompt, follow interruptions and route changes, tag an own stream.
import AudioSession

let session = AudioSession.shared
do {
    try session.setCategory(.playback, mode: .voicePrompt, options: [.duckOthers])
} catch {
    print(error)
}

/// Whether to resume, in the nested names a porter from AVAudioSession writes.
func mayResume(after interruption: AudioSession.Interruption) -> Bool {
    let options: AudioSession.InterruptionOptions = if case .ended(let options) = interruption { options } else { [] }
    return options.contains(.shouldResume)
}
let category: AudioSession.Category = .playback
print("category: \(category)")

let interruptions = Task {
    for await interruption in session.interruptions {
        if mayResume(after: interruption) { print("may resume") }
        switch interruption {
        case .began: print("interrupted")
        case .ended(let options):
            if options.contains(.shouldResume) {
                try? await session.setActive(true)
            }
        }
    }
}
let routes = Task {
    for await change in session.routeChanges where change.reason == .oldDeviceUnavailable {
        print("headphones unplugged; previous route: \(change.previousRoute.outputs.map(\.name))")
    }
}
let observation = session.observeInterruptions { interruption in
    print("callback:", interruption.type == .began ? "began" : "ended")
}

await session.waitUntilReady()
do {
    try await session.setActive(true)
    print("PULSE_PROP=\(session.pulsePropEnvironmentValue)")
    print("route: \(session.currentRoute.outputs.map(\.name))")
    // AVAudioSession's names, as a porter writes them.
    let outputs: [AudioSession.PortDescription] = session.currentRoute.outputs
    print("ports: \(outputs.map { "\($0.portName) \($0.portType == AudioSession.Port.builtInSpeaker ? "builtInSpeaker" : "other") \($0.uid)" })")
    try await session.setActive(false, options: .notifyOthersOnDeactivation)
} catch let error as AudioSessionError where error.code == .insufficientPriority {
    print("busy: \(error.holder ?? "someone")")
}
try await session.setPreferredSampleRate(48_000)
try await session.setPreferredIOBufferDuration(.milliseconds(5))
observation.cancel()
interruptions.cancel()
routes.cancel()
session.close()
