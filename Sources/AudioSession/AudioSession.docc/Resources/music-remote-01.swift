import AudioSession
import ExampleSupport

extension MusicPlayerExample {
    /// Publishes the player over MPRIS; without a session bus the music plays on, with no remote control.
    static func publishRemoteControl(named playerName: String, applicationID: String) async -> RemoteCommandCenter? {
        guard !playerName.isEmpty else { return nil }
        do {
            let remote = try await RemoteCommandCenter(playerName: playerName, identity: "Music Player Example", desktopEntry: applicationID)
            ExampleOutput.say("remote control: \(remote.busName)")
            return remote
        } catch {
            ExampleOutput.say("no remote control: \(error)")
            return nil
        }
    }
}
