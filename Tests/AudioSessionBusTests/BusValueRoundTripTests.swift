import AudioSessionBus
import AudioSessionTesting
import Testing

@Suite("D-Bus values survive a round trip through a real bus")
struct BusValueRoundTripTests {
    /// Every type, nested containers of each kind, and empty containers (whose element type
    /// must survive without any element to show it).
    static let everyType: BusArguments = [
        .byte(0xfe), .boolean(true), .boolean(false), .int16(-12_345), .uint16(54_321), .int32(-2_000_000_000),
        .uint32(4_000_000_000), .int64(Int64.min), .uint64(UInt64.max), .double(-0.125),
        .string("grüße, 音声 \"quoted\" 'single'"), .string(""),
        .objectPath("/org/audiosession/Session/7"), .signature(BusSignature([.dictionary(key: .string, value: .variant), .structure([.int32, .uint32])])),
        .variant(.int32(5)), .variant(.variant(.string("deep"))),
        .array(element: .string, [.string("a"), .string("b")]),
        .array(element: .int64, []),
        .array(element: .array(.byte), [.array(element: .byte, [.byte(1), .byte(2)]), .array(element: .byte, [])]),
        .dictionary(key: .string, value: .variant, [
            .string("volume"): .variant(.double(0.3)),
            .string("routes"): .variant(.array(element: .objectPath, [.objectPath("/a"), .objectPath("/b")])),
        ]),
        .dictionary(key: .uint32, value: .dictionary(key: .string, value: .int32), [
            .uint32(1): .dictionary(key: .string, value: .int32, [.string("x"): .int32(1)]),
            .uint32(2): .dictionary(key: .string, value: .int32, [:]),
        ]),
        .structure([.string("music"), .uint32(3), .structure([.boolean(true), .variant(.byte(9))])]),
        .array(element: .structure([.string, .variant]), [
            .structure([.string("a"), .variant(.int16(1))]),
            .structure([.string("b"), .variant(.array(element: .string, []))]),
        ]),
    ]

    @Test("every value type, nested, through a synchronous and an asynchronous handler", arguments: ["Echo", "EchoAsync"])
    func roundTrip(method: String) async throws {
        let rig = try await BusTestRig.start()
        defer { rig.stop() }
        let reply = try await rig.serving { try await rig.callTest(method, Self.everyType) }
        #expect(reply == Self.everyType)
        #expect(reply.signature == Self.everyType.signature)
    }

    @Test("typed decoding of a reply")
    func typedDecoding() async throws {
        let rig = try await BusTestRig.start()
        defer { rig.stop() }
        let sent: BusArguments = [
            "music".busValue, UInt32(3).busValue, ["a", "b"].busValue, ["k": Int32(1)].busValue,
            BusVariant(.double(0.5)).busValue,
        ]
        let reply = try await rig.callTest("Echo", sent)
        let (role, count, names, table, option) = try reply.decode(
            String.self, UInt32.self, [String].self, [String: Int32].self, BusVariant.self)
        #expect(role == "music")
        #expect(count == 3)
        #expect(names == ["a", "b"])
        #expect(table == ["k": 1])
        #expect(option.value == .double(0.5))
    }
}
