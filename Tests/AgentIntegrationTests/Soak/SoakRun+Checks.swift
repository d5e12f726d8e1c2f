import AudioSessionTesting
import Foundation

/// What must hold once a round's clients have ended: nothing the round did is left behind.
extension SoakRun {
    /// How long the agent may take to undo a round (ramps, a restarted agent's grace period for
    /// sessions to re-register, a server coming back).
    static let settleTimeout = Duration.seconds(20)

    /// Every check of a quiet moment, in the order a user would notice them.
    func checkRound() async throws {
        guard agent.isRunning else {
            throw failure("the agent runs", "it exited with status \(await agent.waitForExit())\n\(tail(agent.standardError))")
        }
        if bedMayBeHeld {
            bed?.terminate()
            _ = await bed?.waitForExit()
        }
        try await ensureBed()
        try await check("no session is left") {
            let sessions = try await rig.sessions()
            return sessions.isEmpty ? nil : "\(sessions.count) session(s) listed: \(sessions.map { $0["session"] ?? "?" })"
        }
        try await check("no stream of the round is left") {
            let others = try await rig.server.sinkInputs().filter { $0.properties["media.name"] != bedName }
            return others.isEmpty ? nil : "streams still play: \(others.map { $0.properties["media.name"] ?? "#\($0.index)" })"
        }
        try await checkBed(agentRunning: true)
        try await checkSavedState()
        try await checkPolicyInForce()
    }

    /// The bed plays untouched: on the default device, at 100 %, unmuted, not corked, not paused
    /// (its audio reaches its monitor), and on PipeWire with the node's Props as the server gave them.
    func checkBed(agentRunning: Bool) async throws {
        let condition = agentRunning ? "" : " after the agent stopped"
        try await check("the bed is not ducked, muted, corked or moved\(condition)") {
            guard let bed = try await rig.stream(named: bedName) else { return "the bed's stream \(bedName) is gone" }
            let defaultName = try await rig.server.pactl("get-default-sink").trimmingCharacters(in: .whitespacesAndNewlines)
            let defaultSink = try await rig.server.sinkIndex(named: defaultName)
            var wrong: [String] = []
            if bed.isMuted { wrong.append("muted") }
            if bed.isCorked { wrong.append("corked") }
            if !bed.volumePercents.allSatisfy({ $0 == 100 }) { wrong.append("volume \(bed.volumePercents)") }
            if bed.sink != defaultSink {
                wrong.append("on sink #\(bed.sink), the default \(defaultName) is #\(defaultSink.map(String.init) ?? "gone")")
            }
            return wrong.isEmpty ? nil : "\(bedName): " + wrong.joined(separator: ", ")
        }
        if settings.setup == .pipewirePulse || settings.setup == .pipewireNative {
            try await check("the bed's node has its own Props\(condition)") {
                guard let node = try await rig.pipewire.node(where: "media.name", is: bedName), let props = node.props else {
                    return "no node for \(bedName)"
                }
                var wrong: [String] = []
                if let volume = props["volume"]?.number, abs(volume - 1) > 0.001 { wrong.append("volume factor \(volume)") }
                if props["mute"] == .bool(true) { wrong.append("muted") }
                if case .array(let volumes)? = props["channelVolumes"], volumes.contains(where: { abs(($0.number ?? 1) - 1) > 0.001 }) {
                    wrong.append("channelVolumes \(volumes.map(\.text))")
                }
                return wrong.isEmpty ? nil : "\(bedName): " + wrong.joined(separator: ", ")
            }
        }
        try await check("the bed is heard\(condition)") {
            guard let bed = try await rig.stream(named: bedName) else { return "the bed's stream \(bedName) is gone" }
            // A null sink loaded through pipewire-pulse (the headphones) renders nothing a
            // recorder can read, with or without the agent (checked by hand: parec on its monitor
            // and on a stream moved there got 0 bytes in 2 s): on PipeWire the bed is heard only
            // on the speaker; on the headphones its state above is what is checked.
            if settings.setup == .pipewirePulse || settings.setup == .pipewireNative,
                try await bed.sink != rig.server.sinkIndex(named: "speaker")
            {
                return nil
            }
            let recorder = try await MonitorRecorder.start(monitoringStream: bed.index, in: rig.server)
            defer { recorder.stop() }
            let level = try await recorder.rms(over: .milliseconds(300), grace: .seconds(1))
            return level > 0.05 ? nil : "\(bedName) plays at RMS \(String(format: "%.3f", level)) (paused or silenced)"
        }
    }

    /// The policy in force is enabled or disabled as the last valid fragment says.
    func checkPolicyInForce() async throws {
        try await check("the policy in force is the last valid one") {
            let result = try await rig.ctl(["status", "--json"])
            guard result.status == 0,
                let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
                let agentStatus = object["agent"] as? [String: Any], let enabled = agentStatus["policy_enabled"] as? Bool
            else { return "status --json failed: \(result.standardError)" }
            return enabled == policyEnabled ? nil : "policy_enabled is \(enabled), the last valid fragment says \(policyEnabled)"
        }
    }

    /// Polls `problem` (nil: fine) until it is fine or ``settleTimeout`` passed, then fails
    /// with the last problem seen.
    func check(_ name: String, _ problem: () async throws -> String?) async throws {
        checkCount += 1
        var last = "not checked"
        do {
            try await waitUntil(name, timeout: Self.settleTimeout, poll: .milliseconds(200)) {
                do {
                    if let found = try await problem() {
                        last = found
                        return false
                    }
                    return true
                } catch {
                    last = "\(error)"
                    return false
                }
            }
        } catch {
            throw failure(name, last)
        }
    }

    /// Starts the bed again if it ended (the server restarted) or is near the end of its two
    /// minutes (a check must not see it end).
    func ensureBed() async throws {
        if let bed, bed.isRunning, ContinuousClock.now - bedStarted < .seconds(80) { return }
        bed?.kill()
        bedMayBeHeld = false
        bedStarted = ContinuousClock.now
        bedCount += 1
        bedName = "bed-\(bedCount)"
        bed = try rig.play(bedName, bedTone, role: "music")
        _ = try await waitForValue("the bed's stream \(bedName)", timeout: Self.settleTimeout) { try await rig.stream(named: bedName) }
    }
}
