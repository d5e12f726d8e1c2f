internal import CDBus

/// Reads a message's arguments into ``BusValue``s through `DBusMessageIter`.
enum MessageReader {
    /// `DBUS_TYPE_INVALID`, which Swift does not import (a cast character literal).
    private static let endOfArguments: Int32 = 0

    static func arguments(of message: Message) throws(BusError) -> BusArguments {
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(message.pointer, &iterator) != 0 else { return [] }
        return BusArguments(try readAll(&iterator))
    }

    /// The reply's file descriptors (`h`) at the top level, duplicated into this process (the
    /// caller owns and closes them), with the signature of every top-level argument.
    static func descriptors(of message: Message) -> (descriptors: [Int32], signature: String) {
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(message.pointer, &iterator) != 0 else { return ([], "") }
        var descriptors: [Int32] = []
        var signature = ""
        while dbus_message_iter_get_arg_type(&iterator) != endOfArguments {
            let code = dbus_message_iter_get_arg_type(&iterator)
            if code == Int32(UInt8(ascii: "h")) {
                // libdbus hands out a duplicate of the descriptor the message holds.
                descriptors.append(basic(&iterator).fd)
            }
            if let raw = dbus_message_iter_get_signature(&iterator) {
                signature += String(cString: raw)
                dbus_free(raw)
            }
            dbus_message_iter_next(&iterator)
        }
        return (descriptors, signature)
    }

    private static func readAll(_ iterator: inout DBusMessageIter) throws(BusError) -> [BusValue] {
        var values: [BusValue] = []
        while dbus_message_iter_get_arg_type(&iterator) != endOfArguments {
            values.append(try read(&iterator))
            dbus_message_iter_next(&iterator)
        }
        return values
    }

    private static func read(_ iterator: inout DBusMessageIter) throws(BusError) -> BusValue {
        let code = dbus_message_iter_get_arg_type(&iterator)
        guard code >= 0, code < 128 else { throw BusError(.invalidArgs, "unknown type code \(code) in a message") }
        switch UInt8(code) {
        case UInt8(ascii: "y"): return .byte(basic(&iterator).byt)
        case UInt8(ascii: "b"): return .boolean(basic(&iterator).bool_val != 0)
        case UInt8(ascii: "n"): return .int16(basic(&iterator).i16)
        case UInt8(ascii: "q"): return .uint16(basic(&iterator).u16)
        case UInt8(ascii: "i"): return .int32(basic(&iterator).i32)
        case UInt8(ascii: "u"): return .uint32(basic(&iterator).u32)
        case UInt8(ascii: "x"): return .int64(Int64(basic(&iterator).i64))
        case UInt8(ascii: "t"): return .uint64(UInt64(basic(&iterator).u64))
        case UInt8(ascii: "d"): return .double(basic(&iterator).dbl)
        case UInt8(ascii: "s"): return .string(text(&iterator))
        case UInt8(ascii: "o"): return .objectPath(try BusObjectPath(validating: text(&iterator)))
        case UInt8(ascii: "g"): return .signature(try BusSignature(validating: text(&iterator)))
        case UInt8(ascii: "v"):
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &sub)
            return .variant(try read(&sub))
        case UInt8(ascii: "r"):
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &sub)
            return .structure(try readAll(&sub))
        case UInt8(ascii: "a"):
            return try readArray(&iterator)
        case UInt8(ascii: "h"):
            // Reading a descriptor would duplicate it into this process; nothing here takes fds.
            throw BusError(.invalidArgs, "unix file descriptors (h) are not accepted")
        default:
            throw BusError(.invalidArgs, "unexpected type code '\(String(UnicodeScalar(UInt8(code))))' in a message")
        }
    }

    private static func readArray(_ iterator: inout DBusMessageIter) throws(BusError) -> BusValue {
        guard let raw = dbus_message_iter_get_signature(&iterator) else {
            throw BusError(.noMemory, "out of memory reading an array's signature")
        }
        let signature = String(cString: raw)
        dbus_free(raw)
        let type = try BusType(signature: signature)
        var sub = DBusMessageIter()
        dbus_message_iter_recurse(&iterator, &sub)
        switch type {
        case .dictionary(let key, let value):
            var entries: [BusValue: BusValue] = [:]
            while dbus_message_iter_get_arg_type(&sub) != endOfArguments {
                var entry = DBusMessageIter()
                dbus_message_iter_recurse(&sub, &entry)
                let pair = try readAll(&entry)
                guard pair.count == 2 else { throw BusError(.invalidArgs, "a dictionary entry without key and value") }
                entries[pair[0]] = pair[1]
                dbus_message_iter_next(&sub)
            }
            return .dictionary(key: key, value: value, entries)
        case .array(let element):
            if let fixed = readFixedArray(of: element, &sub) { return .array(element: element, fixed) }
            return .array(element: element, try readAll(&sub))
        default:
            throw BusError(.invalidArgs, "'\(signature)' is not an array signature")
        }
    }

    /// Reads an array of a fixed-size type in one copy; nil when the elements are not fixed-size.
    private static func readFixedArray(of element: BusType, _ iterator: inout DBusMessageIter) -> [BusValue]? {
        switch element {
        case .byte: fixed(&iterator, as: UInt8.self).map(BusValue.byte)
        case .boolean: fixed(&iterator, as: dbus_bool_t.self).map { BusValue.boolean($0 != 0) }
        case .int16: fixed(&iterator, as: Int16.self).map(BusValue.int16)
        case .uint16: fixed(&iterator, as: UInt16.self).map(BusValue.uint16)
        case .int32: fixed(&iterator, as: Int32.self).map(BusValue.int32)
        case .uint32: fixed(&iterator, as: UInt32.self).map(BusValue.uint32)
        case .int64: fixed(&iterator, as: Int64.self).map(BusValue.int64)
        case .uint64: fixed(&iterator, as: UInt64.self).map(BusValue.uint64)
        case .double: fixed(&iterator, as: Double.self).map(BusValue.double)
        default: nil
        }
    }

    private static func fixed<Raw>(_ iterator: inout DBusMessageIter, as type: Raw.Type) -> [Raw] {
        var base: UnsafeRawPointer?
        var count: Int32 = 0
        dbus_message_iter_get_fixed_array(&iterator, &base, &count)
        guard let base, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: base.assumingMemoryBound(to: Raw.self), count: Int(count)))
    }

    private static func basic(_ iterator: inout DBusMessageIter) -> DBusBasicValue {
        var value = DBusBasicValue()
        dbus_message_iter_get_basic(&iterator, &value)
        return value
    }

    private static func text(_ iterator: inout DBusMessageIter) -> String {
        let value = basic(&iterator)
        return value.str.map { String(cString: $0) } ?? ""
    }
}
