// A navigation prompter as the getting-started article describes one: declare the category,
// activate around the prompt, follow interruptions and route changes, tag an own stream.
import AudioSession

let session = AudioSession.shared
do {
    try session.setCategory(.playback, mode: .voicePrompt, options: [.duckOthers])
} catch {
    print(error)
}

let interruptions = Task {
    for await interruption in session.interruptions {
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
