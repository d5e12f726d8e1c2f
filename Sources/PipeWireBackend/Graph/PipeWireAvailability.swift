/// Whether a route (a jack, a speaker) or a profile can be used now, as a Device's
/// `SPA_PARAM_EnumRoute`, `Route` and `EnumProfile` params say (`SPA_PARAM_AVAILABILITY_*`).
///
/// ```swift
/// if route.availability == .no { print(route.description, "is unplugged") }
/// ```
public enum PipeWireAvailability: String, Sendable, Hashable {
    /// The device cannot tell (most speakers, every null device).
    case unknown
    /// Not usable now: nothing is plugged into the jack, or the profile's ports are all unplugged.
    case no
    /// Usable: something is plugged in.
    case yes
}
