import AudioSessionModel
import Testing

/// One canonical kebab-case spelling per value, round-tripping, and unknown names answered with the accepted ones.
@Suite("Kebab-case names")
struct KebabNameTests {
    /// Every spelling of a kebab-named type, with a parser that goes back to the value's spelling.
    struct Vocabulary: Sendable, CustomStringConvertible {
        var description: String
        var names: [String]
        var roundTrip: @Sendable (String) -> String?
        var parseError: @Sendable (String) -> UnknownNameError?

        init<Value: KebabNamed>(_ type: Value.Type) {
            description = Value.kindName
            names = Value.allCases.map(\.kebabName)
            roundTrip = { Value(kebabName: $0)?.kebabName }
            parseError = { (name: String) -> UnknownNameError? in
                do throws(UnknownNameError) {
                    _ = try Value.parse(kebabName: name)
                    return nil
                } catch {
                    return error
                }
            }
        }
    }

    static let vocabularies = [
        Vocabulary(Category.self), Vocabulary(Mode.self), Vocabulary(CategoryOption.self),
        Vocabulary(InterruptionReason.self), Vocabulary(InterruptionType.self),
        Vocabulary(RouteChangeReason.self), Vocabulary(PortType.self),
    ]

    @Test(arguments: vocabularies)
    func everyValueRoundTripsThroughItsSpelling(_ vocabulary: Vocabulary) {
        #expect(Set(vocabulary.names).count == vocabulary.names.count, "spellings must be unique")
        for name in vocabulary.names {
            #expect(vocabulary.roundTrip(name) == name)
            #expect(vocabulary.parseError(name) == nil)
            let isKebab = !name.isEmpty && name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }
                && !name.hasPrefix("-") && !name.hasSuffix("-") && !name.contains("--")
            #expect(isKebab, "\(name) is not kebab-case")
        }
    }

    @Test(arguments: vocabularies)
    func unknownNamesAreAnsweredWithTheAcceptedOnes(_ vocabulary: Vocabulary) throws {
        for wrong in ["kazoo", "", vocabulary.names[0].uppercased(), vocabulary.names[0].replacingHyphens()] {
            guard !vocabulary.names.contains(wrong) else { continue }
            let error = try #require(vocabulary.parseError(wrong), "\"\(wrong)\" was accepted")
            #expect(error.kind == vocabulary.description)
            #expect(error.name == wrong)
            #expect(error.accepted == vocabulary.names)
            #expect(error.description == "unknown \(vocabulary.description) \"\(wrong)\"; accepted: \(vocabulary.names.joined(separator: ", "))")
        }
    }

    @Test func spellingsAreTheOnesFilesAndCommandLinesUse() {
        #expect(Category.playAndRecord.kebabName == "play-and-record")
        #expect(Category.soloAmbient.kebabName == "solo-ambient")
        #expect(Mode.voicePrompt.kebabName == "voice-prompt")
        #expect(CategoryOption.interruptSpokenAudioAndMixWithOthers.kebabName == "interrupt-spoken-audio-and-mix-with-others")
        #expect(CategoryOption.allowBluetoothHFP.kebabName == "allow-bluetooth-hfp")
        #expect(RouteChangeReason.noSuitableRouteForCategory.kebabName == "no-suitable-route-for-category")
        #expect(PortType.bluetoothA2DP.kebabName == "bluetooth-a2dp")
        #expect(InterruptionReason.appWasSuspended.kebabName == "app-was-suspended")
    }

    @Test func categoryOptionSetsRoundTripThroughTheirSpellings() throws {
        for bits in 0..<(1 << CategoryOption.allCases.count) {
            let options = CategoryOptions(CategoryOption.allCases.enumerated().filter { bits & (1 << $0.offset) != 0 }.map(\.element))
            #expect(try CategoryOptions(kebabNames: options.kebabNames) == options)
            #expect(options.members.map(\.set).reduce(into: CategoryOptions()) { $0.formUnion($1) } == options)
        }
        let error = try #require(throws: UnknownNameError.self) {
            try CategoryOptions(kebabNames: ["duck-others", "duck-other"])
        }
        #expect(error.name == "duck-other")
        #expect(error.kind == "category option")
    }
}

extension String {
    /// The spelling with hyphens turned into underscores: a near miss that must be refused.
    fileprivate func replacingHyphens() -> String { String(map { $0 == "-" ? "_" : $0 }) }
}
