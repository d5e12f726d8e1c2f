internal import CDBus

/// A message the connection received, with its header fields and decoded arguments.
struct IncomingMessage: Sendable {
    enum Kind: Sendable { case methodCall, methodReturn, error, signal, other }

    let kind: Kind
    let path: String?
    let interface: String?
    let member: String?
    let sender: String?
    let destination: String?
    let errorName: String?
    let noReplyExpected: Bool
    /// The arguments, or why they could not be read (a method call then gets that error back).
    let arguments: Result<BusArguments, BusError>
    /// The message itself, to reply to.
    let message: Message

    init(_ message: Message) {
        let pointer = message.pointer
        switch dbus_message_get_type(pointer) {
        case DBUS_MESSAGE_TYPE_METHOD_CALL: kind = .methodCall
        case DBUS_MESSAGE_TYPE_METHOD_RETURN: kind = .methodReturn
        case DBUS_MESSAGE_TYPE_ERROR: kind = .error
        case DBUS_MESSAGE_TYPE_SIGNAL: kind = .signal
        default: kind = .other
        }
        path = dbus_message_get_path(pointer).map { String(cString: $0) }
        interface = dbus_message_get_interface(pointer).map { String(cString: $0) }
        member = dbus_message_get_member(pointer).map { String(cString: $0) }
        sender = dbus_message_get_sender(pointer).map { String(cString: $0) }
        destination = dbus_message_get_destination(pointer).map { String(cString: $0) }
        errorName = dbus_message_get_error_name(pointer).map { String(cString: $0) }
        noReplyExpected = dbus_message_get_no_reply(pointer) != 0
        arguments = Result { () throws(BusError) in try MessageReader.arguments(of: message) }
        self.message = message
    }

    /// The error this message carries, if it is an error reply: its name and its first string argument.
    var error: BusError? {
        guard kind == .error else { return nil }
        let text: String
        if case .success(let arguments) = arguments, case .string(let first)? = arguments.values.first {
            text = first
        } else {
            text = ""
        }
        return BusError(BusErrorName(rawValue: errorName ?? BusErrorName.failed.rawValue), text)
    }
}
