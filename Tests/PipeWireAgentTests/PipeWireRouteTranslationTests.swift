import AudioPolicy
@testable import AudioSessionAgent
import AudioSessionModel
@testable import PipeWireBackend
import SoundServer
import Testing

/// Ports and cards on the native backend, from Device params given as data.
///
/// No private headless PipeWire has a Device: the test harness's fake devices are null sinks
/// (`support.null-audio-sink` nodes made by pipewire-pulse's module-null-sink) with no `device.id`
/// and no routes, and ALSA and BlueZ devices need hardware. So the routes and profiles below are
/// written in the shape PipeWire's `SPA_PARAM_EnumRoute`, `Route`, `EnumProfile` and `Profile`
/// params have for a laptop's ALSA card (one sink, card-profile device 1, a speaker and a
/// headphone jack on one availability group) and a Bluetooth headset; the null sink is as pw-dump
/// showed `server.plug(.headphones)` on PipeWire 0.3.65.
extension PipeWireAgentTests {
    @Suite("routes and cards")
    struct Routes {
        static let server = PipeWireServerInfo(name: "pipewire-0", version: "0.3.65", cookie: 12345)
        static let instance = ServerInstance(rawValue: "pipewire:pipewire-0:12345")

        static let speakerRoute = PipeWireRoute(
            index: 0, direction: .output, name: "analog-output-speaker", description: "Speakers", priority: 10_000,
            availability: .unknown, portType: "speaker", devices: [1], profiles: [1])
        static let headphonesRoute = PipeWireRoute(
            index: 1, direction: .output, name: "analog-output-headphones", description: "Headphones", priority: 9_900,
            availability: .no, portType: "headphones", devices: [1], profiles: [1])
        static let micRoute = PipeWireRoute(
            index: 2, direction: .input, name: "analog-input-internal-mic", description: "Internal Microphone",
            priority: 8_900, availability: .unknown, portType: "mic", devices: [2], profiles: [1])

        /// The laptop card with `active` as card-profile device 1's route and the jack's state.
        static func laptopCard(active: PipeWireRoute, jack: PipeWireAvailability) -> PipeWireGlobal {
            var headphones = headphonesRoute
            headphones.availability = jack
            var activeRoute = active.name == headphones.name ? headphones : active
            activeRoute.device = 1
            activeRoute.devices = []
            return PipeWireGlobal(
                id: 40, type: .device, version: 3, permissions: PipeWirePermissions(rawValue: 0x1c8),
                properties: [
                    "media.class": "Audio/Device", "device.name": "alsa_card.pci-0000_00_1f.3", "device.api": "alsa",
                    "device.bus": "pci", "device.form-factor": "internal", "factory.name": "api.alsa.acp.device",
                ],
                device: PipeWireDeviceInfo(
                    routes: [speakerRoute, headphones, micRoute], activeRoutes: [activeRoute],
                    profiles: [PipeWireProfile(index: 1, name: "output:analog-stereo+input:analog-stereo", availability: .yes)],
                    activeProfile: PipeWireProfile(index: 1, name: "output:analog-stereo+input:analog-stereo", availability: .yes)))
        }

        static let laptopSink = PipeWireGlobal(
            id: 41, type: .node, version: 3, permissions: PipeWirePermissions(rawValue: 0x1c8),
            properties: [
                "media.class": "Audio/Sink", "node.name": "alsa_output.pci-0000_00_1f.3.analog-stereo",
                "node.description": "Built-in Audio Analog Stereo", "device.id": "40", "card.profile.device": "1",
                "device.api": "alsa", "device.bus": "pci", "device.form-factor": "internal", "audio.position": "FL,FR",
                "object.serial": "43",
            ],
            node: PipeWireNodeInfo(state: .suspended, props: PipeWireNodeProps(volume: 1, mute: false, channelVolumes: [1, 1])))

        /// pw-dump of `server.plug(.headphones)` on PipeWire 0.3.65 (pipewire-pulse's null sink).
        static let nullHeadphones = PipeWireGlobal(
            id: 47, type: .node, version: 3, permissions: PipeWirePermissions(rawValue: 0x1c8),
            properties: [
                "media.class": "Audio/Sink", "node.name": "headphones", "node.description": "Headphones",
                "device.form-factor": "headphone", "device.bus": "pci", "device.icon-name": "audio-headphones",
                "audio.channels": "2", "audio.position": "FL,FR", "factory.name": "support.null-audio-sink",
                "pulse.module.id": "536870913", "client.id": "46", "object.serial": "57",
            ],
            node: PipeWireNodeInfo(state: .suspended, props: PipeWireNodeProps(volume: 1, mute: false, channelVolumes: [1, 1])))

        static func graph(_ globals: [PipeWireGlobal]) -> Graph {
            PipeWireGraphTranslation.graph(
                globals: Dictionary(uniqueKeysWithValues: globals.map { ($0.id, $0) }), defaults: PipeWireDefaults(),
                server: server, instance: instance)
        }

        @Test("a node of a card takes its card-profile device's routes as ports and the active Route as its port")
        func portsFromRoutes() throws {
            let graph = Self.graph([Self.laptopCard(active: Self.speakerRoute, jack: .no), Self.laptopSink])
            let sink = try #require(graph.sinks[41])
            #expect(sink.ports.map(\.name) == ["analog-output-speaker", "analog-output-headphones"], "no input route on a sink")
            #expect(sink.activePortName == "analog-output-speaker")
            #expect(sink.ports.last?.availability == .unavailable)
            #expect(sink.ports.first?.typeName == "speaker")
            #expect(sink.portType == .builtInSpeaker)
            #expect(sink.portUID == "alsa_output.pci-0000_00_1f.3.analog-stereo#analog-output-speaker")
            #expect(sink.channelMap.count == 2)
        }

        @Test("the jack plugged: the headphones route is active and available, the sink is headphones")
        func jackPlugged() throws {
            let graph = Self.graph([Self.laptopCard(active: Self.headphonesRoute, jack: .yes), Self.laptopSink])
            let sink = try #require(graph.sinks[41])
            #expect(sink.activePort?.name == "analog-output-headphones")
            #expect(sink.activePort?.availability == .available)
            #expect(sink.portType == .headphones, "the port wins over device.form_factor=internal")
        }

        @Test("a jack plugged and pulled reaches the engine as port availability, as on PulseAudio")
        func jackAsPortAvailability() throws {
            let pulled = try #require(Self.graph([Self.laptopCard(active: Self.speakerRoute, jack: .no), Self.laptopSink]).sinks[41])
            let plugged = try #require(Self.graph([Self.laptopCard(active: Self.headphonesRoute, jack: .yes), Self.laptopSink]).sinks[41])
            let before = try #require(StreamTranslation.info(for: pulled))
            let after = try #require(StreamTranslation.info(for: plugged))
            let headphonesUID = "alsa_output.pci-0000_00_1f.3.analog-stereo#analog-output-headphones"
            #expect(before.portAvailability[headphonesUID] == false)
            #expect(after.portAvailability[headphonesUID] == true)
            #expect(after.port.type == .headphones)
            #expect(before.id == after.id, "one device: a port switch, not a new device")
            // The graph difference the translator sees is a changed device, not a vanished and a new one.
            let events = Self.graph([Self.laptopCard(active: Self.headphonesRoute, jack: .yes), Self.laptopSink])
                .events(since: Self.graph([Self.laptopCard(active: Self.speakerRoute, jack: .no), Self.laptopSink]))
            #expect(events.contains { if case .deviceChanged = $0 { true } else { false } })
            #expect(!events.contains { if case .deviceVanished = $0 { true } else { false } })
        }

        @Test("a node whose device's params have not arrived, or that names no device, has no ports")
        func noRoutesYet() throws {
            var card = Self.laptopCard(active: Self.speakerRoute, jack: .no)
            card.device = PipeWireDeviceInfo()
            let sink = try #require(Self.graph([card, Self.laptopSink]).sinks[41])
            #expect(sink.ports.isEmpty)
            #expect(sink.activePortName == nil)
            #expect(PipeWireRouteTranslation.ports(ofNode: [:], kind: .sink, devices: [:]).ports.isEmpty)
        }

        @Test("the harness's null headphones: no ports, PipeWire's keys read the pulse way, as pipewire-pulse shows them")
        func nullSinkAsThroughPipeWirePulse() throws {
            let sink = try #require(Self.graph([Self.nullHeadphones]).sinks[47])
            #expect(sink.ports.isEmpty)
            #expect(sink.properties["device.form_factor"] == "headphone")
            #expect(sink.properties["device.icon_name"] == "audio-headphones")
            #expect(sink.portType == .headphones)
            #expect(sink.portDescription == PortDescription(name: "Headphones", uid: "headphones", type: .headphones, channels: 2))
        }

        @Test("channel positions: PipeWire's short names become PulseAudio's; audio.channels alone gives a count")
        func channelMaps() {
            #expect(PipeWireNodeDeviceFacts.channelMap(["audio.position": "[ FL, FR, LFE ]"]).positions == ["front-left", "front-right", "lfe"])
            #expect(PipeWireNodeDeviceFacts.channelMap(["audio.position": "MONO"]).positions == [.mono])
            #expect(PipeWireNodeDeviceFacts.channelMap(["audio.position": "AUX0,AUX1"]).positions == ["aux0", "aux1"])
            #expect(PipeWireNodeDeviceFacts.channelMap(["audio.channels": "1"]).positions == [.mono])
            #expect(PipeWireNodeDeviceFacts.channelMap(["audio.channels": "6"]).count == 6)
            #expect(PipeWireNodeDeviceFacts.channelMap([:]).isEmpty)
        }

        // MARK: Cards

        static func bluetoothHeadset(active: String, id: UInt32 = 60) -> PipeWireGlobal {
            PipeWireGlobal(
                id: id, type: .device, version: 3, permissions: PipeWirePermissions(rawValue: 0x1c8),
                properties: [
                    "media.class": "Audio/Device", "device.name": "bluez_card.00_11_22_33_44_55", "device.api": "bluez5",
                    "device.bus": "bluetooth", "device.form-factor": "headset", "factory.name": "api.bluez5.device",
                ],
                device: PipeWireDeviceInfo(
                    profiles: [
                        PipeWireProfile(index: 0, name: "off", availability: .yes),
                        PipeWireProfile(index: 1, name: "a2dp-sink", priority: 16, availability: .yes),
                        PipeWireProfile(index: 2, name: "headset-head-unit", priority: 1, availability: .yes),
                        PipeWireProfile(index: 3, name: "bap-sink", availability: .no),
                    ],
                    activeProfile: PipeWireProfile(index: 1, name: active, availability: .yes)))
        }

        @Test("a Bluetooth Device becomes the card the engine knows from PulseAudio; an ALSA card is none of its business")
        func cards() throws {
            let globals = [Self.bluetoothHeadset(active: "a2dp-sink"), Self.laptopCard(active: Self.speakerRoute, jack: .no)]
            let cards = PipeWireCardTranslation.cards(in: Dictionary(uniqueKeysWithValues: globals.map { ($0.id, $0) }))
            #expect(cards.count == 2)
            let headset = try #require(cards[60])
            #expect(headset.isBluetooth)
            #expect(headset.properties["device.form_factor"] == "headset")
            let info = try #require(CardTranslation.info(for: headset))
            #expect(info.id == CardID(rawValue: "card:bluez_card.00_11_22_33_44_55"))
            #expect(info.activeProfile == "a2dp-sink")
            #expect(info.profiles.map(\.kind) == [.off, .highQualityPlayback, .headset, .highQualityPlayback])
            #expect(info.profiles.map(\.isAvailable) == [true, true, true, false])
            #expect(cards[40].flatMap(CardTranslation.info(for:)) == nil)
        }

        @Test("card events: added once, again on a profile switch, removed when the Device goes; nothing for ALSA cards")
        func cardEvents() throws {
            let a2dp = try #require(PipeWireCardTranslation.card(of: Self.bluetoothHeadset(active: "a2dp-sink")))
            let headsetProfile = try #require(PipeWireCardTranslation.card(of: Self.bluetoothHeadset(active: "headset-head-unit")))
            let laptop = try #require(PipeWireCardTranslation.card(of: Self.laptopCard(active: Self.speakerRoute, jack: .no)))
            let added = PipeWireCardFollower.events(from: [40: laptop], to: [40: laptop, 60: a2dp])
            #expect(added == [.cardAdded(try #require(CardTranslation.info(for: a2dp)))])
            #expect(PipeWireCardFollower.events(from: [60: a2dp], to: [60: a2dp]).isEmpty)
            let switched = PipeWireCardFollower.events(from: [60: a2dp], to: [60: headsetProfile])
            #expect(switched == [.cardAdded(try #require(CardTranslation.info(for: headsetProfile)))])
            let removed = PipeWireCardFollower.events(from: [40: laptop, 60: headsetProfile], to: [40: laptop])
            #expect(removed == [.cardRemoved(CardID(rawValue: "card:bluez_card.00_11_22_33_44_55"))])
        }

        @Test("a Device whose profiles have not arrived is a card with no active profile: not yet the engine's")
        func cardBeforeParams() throws {
            var headset = Self.bluetoothHeadset(active: "a2dp-sink")
            headset.device = nil
            let card = try #require(PipeWireCardTranslation.card(of: headset))
            #expect(card.activeProfile == nil)
            #expect(CardTranslation.info(for: card) == nil)
            var video = headset
            video.properties["media.class"] = "Video/Device"
            #expect(PipeWireCardTranslation.card(of: video) == nil)
        }
    }
}
