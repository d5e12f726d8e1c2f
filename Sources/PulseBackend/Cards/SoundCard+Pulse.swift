internal import CPulse
import SoundServer

extension SoundCard {
    /// The card's facts from libpulse's struct, copied while it is valid (during the callback).
    init(pulse info: pa_card_info) {
        var profiles: [Profile] = []
        if let list = info.profiles2 {
            for position in 0..<Int(info.n_profiles) {
                guard let profile = list[position]?.pointee else { continue }
                profiles.append(
                    Profile(
                        name: PulseValues.string(profile.name) ?? "", description: PulseValues.string(profile.description) ?? "",
                        priority: profile.priority, isAvailable: profile.available != 0, sinks: profile.n_sinks,
                        sources: profile.n_sources))
            }
        }
        self.init(
            index: info.index, name: PulseValues.string(info.name) ?? "", driver: PulseValues.string(info.driver) ?? "",
            properties: PulseValues.properties(info.proplist), profiles: profiles,
            activeProfile: info.active_profile2.flatMap { PulseValues.string($0.pointee.name) })
    }
}

extension OperationCallbacks {
    static let card: pa_card_info_cb_t = { context, info, eol, userdata in
        ListOperation<SoundCard>.receive(context, eol, userdata) { info.map { SoundCard(pulse: $0.pointee) } }
    }
}
