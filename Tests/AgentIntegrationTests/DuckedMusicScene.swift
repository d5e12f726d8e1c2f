import AudioSessionTesting

/// Music a user set to 80 % on the server, the real agent, and a `run` prompt (playback,
/// mix-with-others, duck-others) that has ducked it: the start of the tests of what is left
/// behind when a part goes away (the client, the agent, the server).
///
/// ```swift
/// let scene = try await DuckedMusicScene.start(on: rig)
/// defer { scene.kill() }
/// scene.prompt.kill()
/// try await rig.waitForUnducked("music", 80)
/// ```
struct DuckedMusicScene {
    let music: ChildProcess
    let agent: ChildProcess
    let prompt: ChildProcess

    static func start(on rig: AgentRig) async throws -> DuckedMusicScene {
        let music = try rig.play("music", try rig.tone("music", seconds: 60), role: "music")
        do {
            try await rig.setVolume("music", 80)
            let agent = try await rig.startAgent()
            do {
                let prompt = try rig.runPlaying(
                    "prompt", try rig.tone("prompt", seconds: 60, frequency: 660),
                    ["--category", "playback", "--option", "mix-with-others", "--option", "duck-others"])
                let scene = DuckedMusicScene(music: music, agent: agent, prompt: prompt)
                do {
                    try await rig.waitForDucked("music")
                } catch {
                    scene.kill()
                    throw error
                }
                return scene
            } catch {
                agent.kill()
                throw error
            }
        } catch {
            music.kill()
            throw error
        }
    }

    /// Ends every process of the scene that still runs.
    func kill() {
        prompt.kill()
        agent.kill()
        music.kill()
    }
}
