/// A module loaded in the sound server, as the server lists it (`pactl list modules`,
/// `pa_context_get_module_info_list`).
///
/// ```swift
/// let cork = LoadedModule(index: 14, name: "module-role-cork", argument: "trigger_roles=phone")
/// ```
public struct LoadedModule: Hashable, Sendable {
    /// The server's index of this module instance (recycled after unloading).
    public var index: UInt32
    /// The module's name, such as `module-role-cork`.
    public var name: String
    /// The argument string exactly as the module was loaded with it; empty when it had none.
    public var argument: String

    /// Creates a module value.
    public init(index: UInt32, name: String, argument: String = "") {
        self.index = index
        self.name = name
        self.argument = argument
    }
}
