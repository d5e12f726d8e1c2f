internal import CDBus

extension LibDBus {
    /// A method call, arguments appended. The corresponding libdbus call is `dbus_message_new_method_call`.
    static func methodCall(
        destination: String?, path: BusObjectPath, interface: String?, method: String, arguments: BusArguments
    ) throws(BusError) -> Message {
        if let destination { try validateBusName(destination) }
        if let interface { try validateInterface(interface) }
        try validateMember(method)
        let message = try adopt(dbus_message_new_method_call(destination, path.rawValue, interface, method))
        try MessageWriter.append(arguments, to: message)
        return message
    }

    /// A signal, arguments appended, unicast when `destination` is given.
    /// The corresponding libdbus call is `dbus_message_new_signal`.
    static func signal(
        path: BusObjectPath, interface: String, name: String, arguments: BusArguments, destination: String?
    ) throws(BusError) -> Message {
        try validateInterface(interface)
        try validateMember(name)
        if let destination { try validateBusName(destination) }
        let message = try adopt(dbus_message_new_signal(path.rawValue, interface, name))
        if let destination, dbus_message_set_destination(message.pointer, destination) == 0 {
            throw BusError(.noMemory, "out of memory setting a signal's destination")
        }
        try MessageWriter.append(arguments, to: message)
        return message
    }

    /// The successful reply to `call`. The corresponding libdbus call is `dbus_message_new_method_return`.
    static func methodReturn(to call: Message, arguments: BusArguments) throws(BusError) -> Message {
        let message = try adopt(dbus_message_new_method_return(call.pointer))
        try MessageWriter.append(arguments, to: message)
        return message
    }

    /// The error reply to `call`; an invalid error name is replaced by `Failed` rather than refused,
    /// so a caller always gets an answer. The corresponding libdbus call is `dbus_message_new_error`.
    static func errorReply(to call: Message, error: BusError) -> Message? {
        let name = (try? validateErrorName(error.name.rawValue)) != nil ? error.name : .failed
        let text = error.message.utf8.contains(0) ? error.message.replacingNulBytes() : error.message
        guard let reply = dbus_message_new_error(call.pointer, name.rawValue, text) else { return nil }
        return Message(adopting: reply)
    }

    /// Marks a message as not wanting a reply (fire-and-forget calls).
    static func setNoReply(_ message: Message) {
        dbus_message_set_no_reply(message.pointer, 1)
    }

    private static func adopt(_ pointer: OpaquePointer?) throws(BusError) -> Message {
        guard let pointer else { throw BusError(.noMemory, "libdbus could not allocate a message") }
        return Message(adopting: pointer)
    }
}

extension String {
    fileprivate func replacingNulBytes() -> String {
        String(decoding: utf8.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
    }
}
