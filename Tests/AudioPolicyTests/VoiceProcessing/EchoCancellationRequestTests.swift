import AudioSessionModel
import Testing

@testable import AudioPolicy

/// Echo cancellation by the app's request: the mode, the request and the policy's
/// `honour-app-request` / `app-can-turn-off` deciding together.
@Suite struct EchoCancellationRequestTests {
    static func voice(honour: Bool = true, turnOff: Bool = true) -> Policy.VoiceProcessing {
        Policy.VoiceProcessing(
            canceller: EchoCancellerSettings(kind: .speex, gainControl: false, noiseSuppression: false),
            honourAppRequest: honour, appCanTurnOff: turnOff)
    }

    /// A session with a playback and a capture stream on the speaker and mic; `request` sent
    /// before activation when given.
    static func rig(
        _ category: AudioSessionModel.Category = .playAndRecord, mode: Mode = .default, request: Bool?,
        voice: Policy.VoiceProcessing = voice()
    ) throws -> RoutingRig {
        var rig = RoutingRig(voiceProcessing: voice)
        rig.handle(.sessionRegistered("app", app: AppIdentity(applicationID: "app")))
        rig.handle(.sessionConfigured("app", try SessionConfiguration(category: category, mode: mode)))
        if let request { rig.handle(.echoCancellationPreferred("app", request)) }
        rig.handle(.sessionActivated("app"))
        if category.plays { rig.stream("out", session: "app", on: RoutingRig.speaker) }
        rig.stream("in", .capture, session: "app", on: RoutingRig.mic)
        return rig
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var category: AudioSessionModel.Category
        var mode: Mode
        var request: Bool?
        var honour: Bool
        var turnOff: Bool
        var getsCanceller: Bool
        var testDescription: String {
            "\(category.kebabName)/\(mode.kebabName) request=\(request.map(String.init) ?? "none") "
                + "honour=\(honour) turn-off=\(turnOff) -> \(getsCanceller ? "canceller" : "none")"
        }
    }

    static let table: [Case] = [
        // The mode alone, as before.
        Case(category: .playAndRecord, mode: .voiceChat, request: nil, honour: true, turnOff: true, getsCanceller: true),
        Case(category: .playAndRecord, mode: .default, request: nil, honour: true, turnOff: true, getsCanceller: false),
        // An app's true: any session that records, any mode but measurement.
        Case(category: .playAndRecord, mode: .default, request: true, honour: true, turnOff: true, getsCanceller: true),
        Case(category: .playAndRecord, mode: .gameChat, request: true, honour: true, turnOff: true, getsCanceller: true),
        Case(category: .record, mode: .default, request: true, honour: true, turnOff: true, getsCanceller: true),
        Case(category: .playAndRecord, mode: .measurement, request: true, honour: true, turnOff: true, getsCanceller: false),
        Case(category: .playback, mode: .default, request: true, honour: true, turnOff: true, getsCanceller: false),
        // An app's false: takes a call's canceller only where the policy lets it.
        Case(category: .playAndRecord, mode: .voiceChat, request: false, honour: true, turnOff: true, getsCanceller: false),
        Case(category: .playAndRecord, mode: .videoChat, request: false, honour: true, turnOff: true, getsCanceller: false),
        Case(category: .playAndRecord, mode: .voiceChat, request: false, honour: true, turnOff: false, getsCanceller: true),
        Case(category: .playAndRecord, mode: .default, request: false, honour: true, turnOff: true, getsCanceller: false),
        // Requests not honoured: the mode alone decides.
        Case(category: .playAndRecord, mode: .default, request: true, honour: false, turnOff: false, getsCanceller: false),
        Case(category: .playAndRecord, mode: .voiceChat, request: false, honour: false, turnOff: false, getsCanceller: true),
    ]

    @Test(arguments: table)
    func theModeTheRequestAndThePolicyDecide(_ row: Case) throws {
        let rig = try Self.rig(row.category, mode: row.mode, request: row.request, voice: Self.voice(honour: row.honour, turnOff: row.turnOff))
        #expect((rig.engine.echoCanceller(of: "app") != nil) == row.getsCanceller)
    }

    @Test func aRequestOnAnActiveSessionLoadsTheCancellerAndMovesItsStreamsWithTheReason() throws {
        var rig = try Self.rig(request: nil)
        #expect(rig.engine.echoCanceller(of: "app") == nil)
        let decisions = rig.handle(.echoCancellationPreferred("app", true))
        let texts = decisions.map(\.scenarioLikeText)
        let load = try #require(texts.firstIndex { $0.hasPrefix("load-echo-canceller") })
        #expect(texts[load].contains("speex sink-master=sink:speaker source-master=source:mic"))
        #expect(decisions[load].explanation.rule == "voice processing: the app asked for echo cancellation")
        let moves = texts.indices.filter { texts[$0].contains("to-echo-canceller") }
        #expect(moves.count == 2)
        #expect(moves.allSatisfy { $0 > load })
    }

    @Test func withdrawingTheRequestMovesTheStreamsBackThenUnloads() throws {
        var rig = try Self.rig(request: true)
        let id = try #require(rig.engine.echoCanceller(of: "app")?.id)
        let texts = rig.handle(.echoCancellationPreferred("app", false)).map(\.scenarioLikeText)
        let unload = try #require(texts.firstIndex(of: "unload-echo-canceller \(id)"))
        let unmoves = texts.indices.filter { texts[$0].hasPrefix("unmove ") }
        #expect(unmoves.count == 2)
        #expect(unmoves.allSatisfy { $0 < unload })
        #expect(rig.engine.echoCanceller(of: "app") == nil)
    }

    @Test func aRequestWaitsForActivationAndLeavesWithDeactivation() throws {
        var rig = RoutingRig(voiceProcessing: Self.voice())
        rig.handle(.sessionRegistered("app", app: AppIdentity(applicationID: "app")))
        rig.handle(.sessionConfigured("app", try SessionConfiguration(category: .playAndRecord)))
        let early = rig.handle(.echoCancellationPreferred("app", true)).map(\.scenarioLikeText)
        #expect(!early.contains { $0.hasPrefix("load-echo-canceller") })
        rig.handle(.sessionActivated("app"))
        #expect(rig.engine.echoCanceller(of: "app") != nil)
        rig.handle(.sessionDeactivated("app", notifyOthers: false))
        #expect(rig.engine.echoCanceller(of: "app") == nil)
    }

    @Test func aCallThatKeepsItsCancellerSaysThePolicyKeepsIt() throws {
        var rig = RoutingRig(voiceProcessing: Self.voice(turnOff: false))
        rig.handle(.sessionRegistered("call", app: AppIdentity(applicationID: "call")))
        rig.handle(.sessionConfigured("call", try SessionConfiguration(category: .playAndRecord, mode: .voiceChat)))
        rig.handle(.echoCancellationPreferred("call", false))
        let decisions = rig.handle(.sessionActivated("call"))
        let load = try #require(decisions.first { $0.scenarioLikeText.hasPrefix("load-echo-canceller") })
        #expect(load.explanation.rule == "voice processing: voice-chat gets an echo canceller (the policy keeps it whatever the app asks)")
    }

    @Test func aCategoryThatStopsRecordingLosesTheRequestedCanceller() throws {
        var rig = try Self.rig(request: true)
        let id = try #require(rig.engine.echoCanceller(of: "app")?.id)
        let texts = rig.handle(.sessionConfigured("app", try SessionConfiguration(category: .playback))).map(\.scenarioLikeText)
        #expect(texts.contains("unload-echo-canceller \(id)"))
    }

    @Test func twoSessionsOnTheSameDevicesShareTheCanceller() throws {
        var rig = try Self.rig(request: true)
        let first = try #require(rig.engine.echoCanceller(of: "app")?.id)
        try rig.activeSession("call", .playAndRecord, mode: .voiceChat, options: [.mixWithOthers])
        #expect(rig.engine.echoCanceller(of: "call")?.id == first)
    }

    // MARK: Availability

    static func configured(
        _ category: AudioSessionModel.Category, mode: Mode = .default, voice: Policy.VoiceProcessing = voice()
    ) throws -> RoutingRig {
        var rig = RoutingRig(voiceProcessing: voice)
        rig.handle(.sessionRegistered("app", app: AppIdentity(applicationID: "app")))
        rig.handle(.sessionConfigured("app", try SessionConfiguration(category: category, mode: mode)))
        return rig
    }

    @Test func availableToAnInactiveSessionThatRecords() throws {
        #expect(try Self.configured(.playAndRecord).engine.isEchoCancelledInputAvailable(for: "app"))
        #expect(try Self.configured(.record).engine.isEchoCancelledInputAvailable(for: "app"))
        #expect(try Self.configured(.playAndRecord, mode: .voiceChat).engine.isEchoCancelledInputAvailable(for: "app"))
    }

    @Test func availableEvenAfterTheAppTurnedItOff() throws {
        var rig = try Self.configured(.playAndRecord, mode: .voiceChat)
        rig.handle(.echoCancellationPreferred("app", false))
        #expect(rig.engine.isEchoCancelledInputAvailable(for: "app"))
    }

    @Test func unavailableWhereNoCancellerCanCome() throws {
        #expect(!(try Self.configured(.playback).engine.isEchoCancelledInputAvailable(for: "app")))
        #expect(!(try Self.configured(.playAndRecord, mode: .measurement).engine.isEchoCancelledInputAvailable(for: "app")))
        #expect(!(try Self.configured(.playAndRecord, voice: Self.voice(honour: false, turnOff: false)).engine.isEchoCancelledInputAvailable(for: "app")))
        var off = Self.voice()
        off.enabled = false
        #expect(!(try Self.configured(.playAndRecord, mode: .voiceChat, voice: off).engine.isEchoCancelledInputAvailable(for: "app")))
        #expect(!RoutingRig(voiceProcessing: Self.voice()).engine.isEchoCancelledInputAvailable(for: "nobody"))
    }

    @Test func withoutRequestsHonouredOnlyTheModesAreAvailable() throws {
        let voice = Self.voice(honour: false, turnOff: false)
        #expect(try Self.configured(.playAndRecord, mode: .voiceChat, voice: voice).engine.isEchoCancelledInputAvailable(for: "app"))
        #expect(!(try Self.configured(.record, voice: voice).engine.isEchoCancelledInputAvailable(for: "app")))
    }

    @Test func unavailableWithoutAMicrophone() throws {
        var rig = try Self.configured(.playAndRecord)
        rig.handle(.deviceRemoved(RoutingRig.mic.id))
        rig.handle(.defaultDeviceChanged(.capture, nil))
        #expect(!rig.engine.isEchoCancelledInputAvailable(for: "app"))
    }
}

/// `honour-app-request` and `app-can-turn-off` as files write them.
@Suite struct EchoCancellationRequestPolicyFileTests {
    @Test func theSettingsAreRead() throws {
        let policy = try VoiceProcessingPolicyFileTests.load(
            """
            [voice-processing]
            honour-app-request = true
            app-can-turn-off = false
            """
        ).get()
        #expect(policy.voiceProcessing.honourAppRequest)
        #expect(!policy.voiceProcessing.appCanTurnOff)
    }

    @Test func aWrongTypeIsReportedAtItsLine() throws {
        guard case .failure(let error) = try VoiceProcessingPolicyFileTests.load("[voice-processing]\nhonour-app-request = \"yes\"\n") else {
            Issue.record("a string was accepted")
            return
        }
        #expect("\(error)".contains(#"policy.toml:3:"#))
        #expect("\(error)".contains("expected true or false"))
    }

    @Test func turningOffWithoutHonouringIsRefusedWithTheReason() throws {
        guard
            case .failure(let error) = try VoiceProcessingPolicyFileTests.load(
                "[voice-processing]\nhonour-app-request = false\napp-can-turn-off = true\n")
        else {
            Issue.record("app-can-turn-off without honour-app-request was accepted")
            return
        }
        #expect("\(error)".contains("policy.toml:4:"))
        #expect("\(error)".contains("app-can-turn-off = true needs honour-app-request = true"))
    }

    @Test func theShippedPoliciesSaySomething() throws {
        let office = try PolicyLoader.forFile().load(explicitFile: PolicyTestPaths.shipped("office.toml")).policy
        #expect(office.voiceProcessing.honourAppRequest && !office.voiceProcessing.appCanTurnOff)
        let car = try PolicyLoader.forFile().load(explicitFile: PolicyTestPaths.shipped("car.toml")).policy
        #expect(car.voiceProcessing.honourAppRequest && !car.voiceProcessing.appCanTurnOff)
    }
}
