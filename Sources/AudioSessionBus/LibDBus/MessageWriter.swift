internal import CDBus

/// Appends ``BusValue``s to a message through `DBusMessageIter`.
///
/// Values are validated in Swift first: libdbus aborts the process on an element that does not
/// match its array's signature, so nothing unchecked may reach it.
enum MessageWriter {
    static func append(_ arguments: BusArguments, to message: Message) throws(BusError) {
        for (index, value) in arguments.values.enumerated() {
            do {
                try value.validate()
            } catch {
                throw BusError(error.name, "argument \(index + 1): \(error.message)")
            }
        }
        var iterator = DBusMessageIter()
        dbus_message_iter_init_append(message.pointer, &iterator)
        for value in arguments.values { try append(value, to: &iterator) }
    }

    private static func append(_ value: BusValue, to iterator: inout DBusMessageIter) throws(BusError) {
        let code = Int32(value.type.typeCode)
        let appended: Bool
        switch value {
        case .byte(var raw): appended = dbus_message_iter_append_basic(&iterator, code, &raw) != 0
        case .boolean(let flag):
            var raw: dbus_bool_t = flag ? 1 : 0
            appended = dbus_message_iter_append_basic(&iterator, code, &raw) != 0
        case .int16(var raw): appended = dbus_message_iter_append_basic(&iterator, code, &raw) != 0
        case .uint16(var raw): appended = dbus_message_iter_append_basic(&iterator, code, &raw) != 0
        case .int32(var raw): appended = dbus_message_iter_append_basic(&iterator, code, &raw) != 0
        case .uint32(var raw): appended = dbus_message_iter_append_basic(&iterator, code, &raw) != 0
        case .int64(var raw): appended = dbus_message_iter_append_basic(&iterator, code, &raw) != 0
        case .uint64(var raw): appended = dbus_message_iter_append_basic(&iterator, code, &raw) != 0
        case .double(var raw): appended = dbus_message_iter_append_basic(&iterator, code, &raw) != 0
        case .string(let text): appended = appendString(text, code: code, to: &iterator)
        case .objectPath(let path): appended = appendString(path.rawValue, code: code, to: &iterator)
        case .signature(let signature): appended = appendString(signature.rawValue, code: code, to: &iterator)
        case .variant(let inner):
            try container(Int32(UInt8(ascii: "v")), signature: inner.type.signature, in: &iterator) { sub throws(BusError) in
                try append(inner, to: &sub)
            }
            return
        case .array(let element, let elements):
            try container(Int32(UInt8(ascii: "a")), signature: element.signature, in: &iterator) { sub throws(BusError) in
                if try appendFixedArray(of: element, elements, to: &sub) { return }
                for element in elements { try append(element, to: &sub) }
            }
            return
        case .dictionary(let key, let valueType, let entries):
            let entrySignature = "{" + key.signature + valueType.signature + "}"
            try container(Int32(UInt8(ascii: "a")), signature: entrySignature, in: &iterator) { sub throws(BusError) in
                for (entryKey, entryValue) in entries {
                    try container(Int32(UInt8(ascii: "e")), signature: nil, in: &sub) { entry throws(BusError) in
                        try append(entryKey, to: &entry)
                        try append(entryValue, to: &entry)
                    }
                }
            }
            return
        case .structure(let fields):
            try container(Int32(UInt8(ascii: "r")), signature: nil, in: &iterator) { sub throws(BusError) in
                for field in fields { try append(field, to: &sub) }
            }
            return
        }
        guard appended else { throw BusError(.noMemory, "out of memory appending \(value.type)") }
    }

    /// Appends an array of a fixed-size type in one copy instead of one call per element: a
    /// large byte array costs one libdbus call per byte otherwise. False when the elements are not fixed-size.
    private static func appendFixedArray(
        of element: BusType, _ elements: [BusValue], to iterator: inout DBusMessageIter
    ) throws(BusError) -> Bool {
        guard !elements.isEmpty else { return false }
        let code = Int32(element.typeCode)
        switch element {
        case .byte: return try appendFixed(elements.compactMap { if case .byte(let raw) = $0 { raw } else { nil } }, code, &iterator)
        case .boolean:
            let raw: [dbus_bool_t] = elements.compactMap { if case .boolean(let flag) = $0 { flag ? 1 : 0 } else { nil } }
            return try appendFixed(raw, code, &iterator)
        case .int16: return try appendFixed(elements.compactMap { if case .int16(let raw) = $0 { raw } else { nil } }, code, &iterator)
        case .uint16: return try appendFixed(elements.compactMap { if case .uint16(let raw) = $0 { raw } else { nil } }, code, &iterator)
        case .int32: return try appendFixed(elements.compactMap { if case .int32(let raw) = $0 { raw } else { nil } }, code, &iterator)
        case .uint32: return try appendFixed(elements.compactMap { if case .uint32(let raw) = $0 { raw } else { nil } }, code, &iterator)
        case .int64: return try appendFixed(elements.compactMap { if case .int64(let raw) = $0 { raw } else { nil } }, code, &iterator)
        case .uint64: return try appendFixed(elements.compactMap { if case .uint64(let raw) = $0 { raw } else { nil } }, code, &iterator)
        case .double: return try appendFixed(elements.compactMap { if case .double(let raw) = $0 { raw } else { nil } }, code, &iterator)
        default: return false
        }
    }

    /// The D-Bus limit on an array's size; libdbus aborts on a larger fixed array.
    private static let maximumArrayBytes = 64 << 20

    private static func appendFixed<Raw>(_ values: [Raw], _ code: Int32, _ iterator: inout DBusMessageIter) throws(BusError) -> Bool {
        guard values.count * MemoryLayout<Raw>.stride <= maximumArrayBytes else {
            throw BusError(.limitsExceeded, "an array of \(values.count) elements is larger than D-Bus's 64 MiB limit")
        }
        let appended = values.withUnsafeBufferPointer { buffer in
            var base = UnsafeRawPointer(buffer.baseAddress)
            return dbus_message_iter_append_fixed_array(&iterator, code, &base, Int32(buffer.count)) != 0
        }
        guard appended else { throw BusError(.noMemory, "out of memory appending an array") }
        return true
    }

    private static func appendString(_ text: String, code: Int32, to iterator: inout DBusMessageIter) -> Bool {
        text.withCString { pointer in
            var raw: UnsafePointer<CChar>? = pointer
            return dbus_message_iter_append_basic(&iterator, code, &raw) != 0
        }
    }

    private static func container(
        _ code: Int32, signature: String?, in iterator: inout DBusMessageIter,
        _ body: (inout DBusMessageIter) throws(BusError) -> Void
    ) throws(BusError) {
        var sub = DBusMessageIter()
        guard dbus_message_iter_open_container(&iterator, code, signature, &sub) != 0 else {
            throw BusError(.noMemory, "out of memory opening a container")
        }
        do {
            try body(&sub)
        } catch {
            dbus_message_iter_abandon_container(&iterator, &sub)
            throw error
        }
        guard dbus_message_iter_close_container(&iterator, &sub) != 0 else {
            throw BusError(.noMemory, "out of memory closing a container")
        }
    }
}
