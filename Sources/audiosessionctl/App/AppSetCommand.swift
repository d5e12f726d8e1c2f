import ArgumentParser

/// `audiosessionctl app set APP-ID (--exempt | --role ROLE | --call-while-capturing)`: writes the
/// user's own `[[app]]` entry for one app and makes the running agent take it.
struct AppSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Add or replace your entry for an app: never duck it, or treat it as a call.",
        discussion: """
            Writes $XDG_CONFIG_HOME/audiosession/policy.d/app-APP-ID.toml, a commented [[app]] \
            fragment, once the policy with it loads (else nothing is written, exit 65), then asks \
            the running agent to read its policy again; when the agent is not running, the entry \
            takes effect at its next start.

            "Never duck this app": --exempt (also --never-duck). The policy format has no "not \
            duckable but still a trigger": an exempt app is never ducked, silenced or moved, and \
            its own sound never ducks or silences others either.

            "This app is a call": --role phone when everything it plays without a role of its own \
            is a call (a softphone); --call-while-capturing when it plays calls only while it \
            records from a microphone (a browser's WebRTC call), so its music stays music.

            APP-ID is matched against the stream's application.id, process binary, Flatpak or \
            portal app id (`audiosessionctl explain` shows them). The entry says `overrides = true`: \
            it decides for the app over a rule the shipped or system policy has for it (the \
            browsers' call rule, say). Exits 64 for a bad id or flags that contradict each other, 65 when the agent refused \
            the policy (the file is written, the agent keeps the policy in force). \
            Undo with `audiosessionctl app unset APP-ID`.
            """)

    @OptionGroup var app: AppIDArgument

    @Flag(
        name: [.customLong("exempt"), .customLong("never-duck")],
        help: "Never duck, silence or move the app's streams; they do not duck or silence others either.")
    var exempt = false

    @Option(help: ArgumentHelp("The role its streams take when they name none (phone: a call; music, game...).", valueName: "role"))
    var role: String?

    @Flag(help: "While the app records from a microphone, its role-less playback counts as a call.")
    var callWhileCapturing = false

    @OptionGroup var agent: AgentOptions

    func validate() throws {
        guard exempt || role != nil || callWhileCapturing else {
            throw ValidationError("nothing to set: expected --exempt (--never-duck), --role ROLE or --call-while-capturing")
        }
        if exempt, role != nil || callWhileCapturing {
            throw ValidationError(
                "--exempt contradicts \(role != nil ? "--role" : "--call-while-capturing"): an exempt app is left alone "
                    + "and is never a call; expected --exempt alone, or --role/--call-while-capturing without it")
        }
        if let role, role.isEmpty || role.contains(where: { $0.isWhitespace || $0.isNewline }) {
            throw ValidationError("--role takes a role name such as phone or music, not \"\(role)\"")
        }
    }

    func run() async throws {
        do {
            let entry = try UserAppEntry(appID: app.appID, exempt: exempt, role: role, callWhileCapturing: callWhileCapturing)
            let fragments = try UserAppFragments.forThisProcess()
            let path = try fragments.write(entry)
            print("\(app.appID): \(entry.summary); written to \(path)")
            do {
                print(try await agent.reloadAgentPolicy(after: path, written: true))
            } catch {
                throw CtlFailure("\(path) was written, but \(error.message)", exitCode: error.exitCode)
            }
        } catch let error as UserAppEntryError {
            throw CtlFailure(error.description, exitCode: CtlExitCode.dataError).report()
        } catch let error as CtlFailure {
            throw error.report()
        }
    }
}
