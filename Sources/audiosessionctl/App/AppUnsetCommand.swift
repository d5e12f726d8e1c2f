import ArgumentParser

/// `audiosessionctl app unset APP-ID`: removes what `app set` wrote for the app and makes the
/// running agent drop it.
struct AppUnsetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unset",
        abstract: "Remove your entry for an app (undo `app set`).",
        discussion: """
            Removes $XDG_CONFIG_HOME/audiosession/policy.d/app-APP-ID.toml and asks the running agent \
            to read its policy again. Exits 1 when you have no entry for the app, 64 for a bad id, \
            65 when the agent refused the policy.
            """)

    @OptionGroup var app: AppIDArgument

    @OptionGroup var agent: AgentOptions

    func run() async throws {
        do {
            let path = try UserAppFragments.forThisProcess().remove(appID: app.appID)
            print("\(app.appID): your entry is removed (\(path))")
            do {
                print(try await agent.reloadAgentPolicy(after: path, written: false))
            } catch {
                throw CtlFailure("\(path) was removed, but \(error.message)", exitCode: error.exitCode)
            }
        } catch let error as UserAppEntryError {
            throw CtlFailure(error.description, exitCode: 1).report()
        } catch let error as CtlFailure {
            throw error.report()
        }
    }
}
