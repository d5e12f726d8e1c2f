import AudioPolicy
import AudioSessionModel
import PulseBackend
import SoundServer
import Testing

@testable import AudioSessionAgent

/// Cards as the pulse backend reports them, recorded from PulseAudio 16's module-bluez5-device and
/// module-alsa-card (no private server here has a card of its own: module-null-sink makes none,
/// and pipewire-pulse lists none without ALSA or BlueZ devices).
@Suite("Cards: what the engine is told")
struct CardTranslationTests {
    static let headset = SoundCard(
        index: 3, name: "bluez_card.00_1B_66_AA_BB_CC", driver: "module-bluez5-device.c",
        properties: ["device.bus": "bluetooth", "device.api": "bluez", "device.form_factor": "headset"],
        profiles: [
            .init(name: "a2dp_sink", description: "High Fidelity Playback (A2DP Sink)", priority: 40, sinks: 1),
            .init(name: "headset_head_unit", description: "Headset Head Unit (HSP/HFP)", priority: 30, sinks: 1, sources: 1),
            .init(name: "off", description: "Off"),
        ],
        activeProfile: "a2dp_sink")
    static let pipewireHeadset = SoundCard(
        index: 41, name: "bluez_card.00_1B_66_AA_BB_CC", driver: "module-bluez5-device.c",
        properties: ["device.bus": "bluetooth", "device.api": "bluez5"],
        profiles: [
            .init(name: "off"), .init(name: "a2dp-sink", priority: 16, sinks: 1),
            .init(name: "headset-head-unit", priority: 1, isAvailable: false, sinks: 1, sources: 1),
        ],
        activeProfile: "a2dp-sink")
    static let builtIn = SoundCard(
        index: 0, name: "alsa_card.pci-0000_00_1f.3", driver: "module-alsa-card.c",
        properties: ["device.bus": "pci", "device.api": "alsa"],
        profiles: [.init(name: "output:analog-stereo+input:analog-stereo"), .init(name: "off")],
        activeProfile: "output:analog-stereo+input:analog-stereo")

    @Test("a Bluetooth card becomes CardInfo with its profiles' kinds and availability")
    func bluetoothCard() throws {
        let info = try #require(CardTranslation.info(for: Self.headset))
        #expect(info.id == "card:bluez_card.00_1B_66_AA_BB_CC")
        #expect(info.activeProfile == "a2dp_sink")
        #expect(info.profiles.map(\.kind) == [.highQualityPlayback, .headset, .off])
        let pipewire = try #require(CardTranslation.info(for: Self.pipewireHeadset))
        #expect(pipewire.profiles.map(\.kind) == [.off, .highQualityPlayback, .headset])
        #expect(pipewire.profiles.map(\.isAvailable) == [true, true, false])
        #expect(CardTranslation.cardName(of: info.id) == "bluez_card.00_1B_66_AA_BB_CC")
    }

    @Test("other cards, and identifiers this agent did not make, are none of the engine's business")
    func otherCards() {
        #expect(CardTranslation.info(for: Self.builtIn) == nil)
        var noProfile = Self.headset
        noProfile.activeProfile = nil
        #expect(CardTranslation.info(for: noProfile) == nil)
        #expect(CardTranslation.cardName(of: "bluez_card.00_1B") == nil)
        #expect(CardTranslation.cardName(of: "card:") == nil)
    }

    @Test("card changes become cardAdded and cardRemoved; a change the engine cannot see is no event")
    func events() throws {
        let info = try #require(CardTranslation.info(for: Self.headset))
        #expect(PulseCardFollower.events(for: .cardAppeared(Self.headset)) == [.cardAdded(info)])
        #expect(PulseCardFollower.events(for: .cardAppeared(Self.builtIn)).isEmpty)
        var switched = Self.headset
        switched.activeProfile = "headset_head_unit"
        let switchedInfo = try #require(CardTranslation.info(for: switched))
        #expect(PulseCardFollower.events(for: .cardChanged(old: Self.headset, new: switched)) == [.cardAdded(switchedInfo)])
        var renamed = Self.headset
        renamed.profiles[0].description = "A2DP"
        #expect(PulseCardFollower.events(for: .cardChanged(old: Self.headset, new: renamed)).isEmpty)
        #expect(PulseCardFollower.events(for: .cardVanished(Self.headset)) == [.cardRemoved(info.id)])
    }

    @Test("the engine switches a reported headset for a session that records and allows HFP, and back after")
    func engineSwitchesReportedCard() throws {
        var engine = PolicyEngine(policy: Policy())
        let info = try #require(CardTranslation.info(for: Self.headset))
        _ = engine.handle(.cardAdded(info))
        _ = engine.handle(.sessionRegistered("call", app: AppIdentity(applicationID: "org.example.Call")))
        _ = engine.handle(
            .sessionConfigured("call", try SessionConfiguration(category: .playAndRecord, mode: .voiceChat, options: [.allowBluetoothHFP])))
        let on = engine.handle(.sessionActivated("call"))
        #expect(on.contains { if case .setCardProfile(info.id, "headset_head_unit", _) = $0 { true } else { false } }, "\(on)")
        let off = engine.handle(.sessionDeactivated("call", notifyOthers: false))
        #expect(off.contains { if case .setCardProfile(info.id, "a2dp_sink", _) = $0 { true } else { false } }, "\(off)")
    }
}
