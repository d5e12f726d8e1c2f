import AudioSessionTesting

/// What the native PipeWire backend changes, read with pw-dump: a node's Props `volume` factor
/// (the agent's duck) beside its `channelVolumes` (the user's, which pactl shows).
extension AgentRig {
    /// The PipeWire server of a rig started on `.pipewirePulse` or `.pipewireNative`.
    var pipewire: PrivatePipeWire {
        get throws {
            guard let pipewire = server as? PrivatePipeWire else { throw AgentExited(log: "not a PipeWire rig") }
            return pipewire
        }
    }

    /// The Props `volume` factor of the stream node whose media.name is `name`, or nil.
    func volumeFactor(_ name: String) async throws -> Double? {
        try await pipewire.node(where: "media.name", is: name)?.props?["volume"]?.number
    }

    /// Waits until the node of the stream named `name` has the Props volume factor `factor` (± 0.01).
    func waitForFactor(_ name: String, _ factor: Double, timeout: Duration = .seconds(15)) async throws {
        try await waitUntil("\(name)'s Props volume at \(factor)", timeout: timeout) {
            guard let value = try await volumeFactor(name) else { return false }
            return abs(value - factor) < 0.01
        }
    }
}

/// Ducks as each backend makes them: the pulse protocol lowers the stream's volume (80 % × ∛0.3 ≈
/// 54 % on pactl's cubic scale); the native agent lowers the node's Props factor to 0.3 and pactl
/// keeps showing the user's level.
extension AgentRig {
    /// Waits until the stream named `name`, at 80 % by the user, is ducked to the policy's 0.3.
    func waitForDucked(_ name: String) async throws {
        if setup == .pipewireNative {
            try await waitForFactor(name, 0.3)
        } else {
            try await waitForVolume(name, 54)
        }
    }

    /// Whether the stream named `name`, at 80 % by the user, is ducked to the policy's 0.3 now.
    func isDucked(_ name: String) async throws -> Bool {
        if setup == .pipewireNative { return try await volumeFactor(name).map { abs($0 - 0.3) < 0.01 } ?? false }
        return try await stream(named: name)?.volumePercents == [54, 54]
    }

    /// Waits until the stream named `name` is back at the user's `percent`, no longer ducked.
    func waitForUnducked(_ name: String, _ percent: Int, timeout: Duration = .seconds(10)) async throws {
        if setup == .pipewireNative { try await waitForFactor(name, 1, timeout: timeout) }
        try await waitForVolume(name, percent, timeout: timeout)
    }
}

/// The pieces the native scenarios are made of.
extension AgentRig {
    /// `run` arguments of a navigation prompt that ducks others.
    static let duckOthers = ["--category", "playback", "--option", "mix-with-others", "--option", "duck-others"]

    /// A music paplay of `seconds` (role music) and a recorder on the speaker's monitor.
    func musicOnSpeaker(seconds: Double) async throws -> (music: ChildProcess, speaker: MonitorRecorder) {
        let speaker = try await MonitorRecorder.start("speaker.monitor", in: server)
        do {
            let music = try play("music", try tone("music", seconds: seconds), role: "music")
            _ = try await waitForStream("music")
            return (music, speaker)
        } catch {
            speaker.stop()
            throw error
        }
    }

    /// A duck-others prompt session of 60 s by `run`, once the music is ducked to 0.3.
    func duckingPrompt() async throws -> ChildProcess {
        let prompt = try runPlaying("prompt", try tone("prompt", seconds: 60, frequency: 660), Self.duckOthers)
        try await waitForFactor("music", 0.3)
        return prompt
    }

    /// A voice-chat call session of 60 s of digital silence by `run` (what the monitor hears is the
    /// music alone), once the music is silent on `speaker`.
    func silentCall(heardOn speaker: MonitorRecorder) async throws -> ChildProcess {
        let call = try runPlaying(
            "call", try ToneFile.silence(seconds: 60, in: directory, name: "call.wav"),
            ["--category", "play-and-record", "--mode", "voice-chat"])
        try await waitUntil("the music is silent on the speaker's monitor during the call", timeout: .seconds(15)) {
            try await speaker.rms(over: .milliseconds(200)) < 0.005
        }
        return call
    }

    /// Waits until `speaker` hears the music.
    func waitUntilHeard(_ speaker: MonitorRecorder, _ condition: String) async throws {
        try await waitUntil(condition, timeout: .seconds(15)) { try await speaker.rms(over: .milliseconds(200)) > 0.1 }
    }
}
