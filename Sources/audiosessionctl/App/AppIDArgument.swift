import ArgumentParser

/// The app an `app set` or `app unset` names, checked before anything is written or removed.
struct AppIDArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("The application id, process binary or Flatpak app id (as `app set` was given it).", valueName: "app-id"))
    var appID: String

    func validate() throws {
        do {
            try UserAppEntry.check(appID)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
