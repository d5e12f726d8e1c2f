internal import CDBus

// A message as the bytes that travel on the bus: for checking that what arrives from a peer,
// however malformed, is refused with an error and never crashes the reader (the fuzzers under
// Fuzz/ and the argument-decoding tests feed mutated bytes through here).
extension Message {
    /// Reads a message from its wire format, as libdbus validates and reads one from a socket.
    ///
    /// - Throws: ``BusError`` with libdbus's reason when the bytes are not a valid message.
    /// The corresponding libdbus call is `dbus_message_demarshal`.
    convenience init(wireFormat bytes: [UInt8]) throws(BusError) {
        guard !bytes.isEmpty else { throw BusError(.invalidArgs, "an empty buffer holds no message") }
        let pointer = try LibDBus.checked(BusError(.invalidArgs, "libdbus read no message from \(bytes.count) bytes")) { error in
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { text in
                    text.baseAddress.flatMap { dbus_message_demarshal($0, Int32(clamping: text.count), error) }
                }
            }
        }
        self.init(adopting: pointer)
    }

    /// The message in the wire format, with serial 1 when it has none yet (a message that was
    /// never sent; the format requires one).
    ///
    /// The corresponding libdbus call is `dbus_message_marshal`.
    func wireFormat() throws(BusError) -> [UInt8] {
        if dbus_message_get_serial(pointer) == 0 { dbus_message_set_serial(pointer, 1) }
        var raw: UnsafeMutablePointer<CChar>?
        var length: Int32 = 0
        guard dbus_message_marshal(pointer, &raw, &length) != 0, let raw else {
            throw BusError(.noMemory, "libdbus could not write the message out")
        }
        defer { dbus_free(raw) }
        return raw.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) }
    }
}
