/// A server-side policy module this agent knows: one that acts on streams by role or moves them
/// when devices come and go, so it would fight the agent if both acted on the same streams.
///
/// A policy says per module whether the agent takes its job over (unloads it while the agent
/// runs and loads it again, with its original argument, when the agent stops) or leaves its job
/// to the server (the agent then keeps off the streams the module handles).
///
/// ```swift
/// ServerModule(moduleName: "module-role-cork")   // .roleCork
/// ServerModule.switchOnPortAvailable.allowedChoices  // [.leave]
/// ```
public enum ServerModule: String, CaseIterable, Hashable, Sendable {
    /// `module-role-cork`: mutes and corks streams of some roles while a stream of a trigger role plays.
    case roleCork = "module-role-cork"
    /// `module-role-ducking`: lowers streams of some roles while a stream of a trigger role plays.
    case roleDucking = "module-role-ducking"
    /// `module-switch-on-connect`: moves every stream to a newly connected device.
    case switchOnConnect = "module-switch-on-connect"
    /// `module-switch-on-port-available`: switches a card's port and profile when a jack is plugged.
    case switchOnPortAvailable = "module-switch-on-port-available"
    /// `module-intended-roles`: puts streams on the device whose `device.intended_roles` lists their role.
    case intendedRoles = "module-intended-roles"

    /// Finds the module by the name the server lists it under, or `nil` for any other module.
    public init?(moduleName: String) {
        self.init(rawValue: moduleName)
    }

    /// The name the server lists the module under, as policy files write it.
    public var moduleName: String { rawValue }

    /// The choices a policy may make for this module.
    ///
    /// `module-switch-on-port-available` can only be left: it switches ports and profiles inside
    /// a card (headphones plugged into the laptop's jack), which the agent does not do, and it
    /// never moves a stream to another device, so it does not fight the agent.
    public var allowedChoices: [ServerModuleChoice] {
        switch self {
        case .switchOnPortAvailable: [.leave]
        case .roleCork, .roleDucking, .switchOnConnect, .intendedRoles: [.takeOver, .leave]
        }
    }

    /// Why a choice outside ``allowedChoices`` is refused, for the loader's message.
    var whyOnlyAllowedChoices: String {
        switch self {
        case .switchOnPortAvailable:
            "it switches a card's port and profile when a jack is plugged, which the agent does not do"
        case .roleCork, .roleDucking, .switchOnConnect, .intendedRoles: ""
        }
    }

    /// Whether a module the agent does not know by name still counts as a policy module (one of
    /// PulseAudio's `module-role-*` or `module-switch-on-*` families), so the policy's choice for
    /// other policy modules applies to it.
    public static func isPolicyModuleFamily(_ moduleName: String) -> Bool {
        moduleName.hasPrefix("module-role-") || moduleName.hasPrefix("module-switch-on-")
    }
}
