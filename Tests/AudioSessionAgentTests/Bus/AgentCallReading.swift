@testable import AudioSessionAgent
@testable import AudioSessionBus
import AudioSessionContract
import AudioSessionModel

/// Reads a call as the agent does and says what is wrong with the outcome, if anything: a refusal
/// must be a named bus error with a message, and what the reader accepts the writer must write back.
struct AgentCallReading {
    /// From the D-Bus wire format: libdbus's validation, the bus module's reader, the agent's request.
    func flaw(ofWireFormat bytes: [UInt8]) -> String? {
        let message: Message
        do {
            message = try Message(wireFormat: bytes)
        } catch {
            return flaw(of: error, "demarshalling")
        }
        let incoming = IncomingMessage(message)
        switch incoming.arguments {
        case .failure(let error):
            return flaw(of: error, "reading the arguments")
        case .success(let arguments):
            do {
                _ = try wireFormat(of: arguments)
            } catch {
                return "arguments read from a valid message cannot be written back (\(error)): \(arguments)"
            }
            return flaw(ofCall: incoming.member ?? "", arguments)
        }
    }

    /// From typed values: the agent's request and, for `SetConfiguration`, the configuration's names.
    func flaw(ofCall method: String, _ arguments: BusArguments) -> String? {
        do {
            let request = try AgentRequest(method: method, arguments: arguments)
            if case .setConfiguration(_, let category, let mode, let options) = request {
                do {
                    _ = try SessionConfiguration(wireCategory: category, mode: mode, options: options)
                } catch {
                    return error.description.isEmpty ? "a configuration refused without a message" : nil
                }
            }
            return nil
        } catch {
            return flaw(of: error, "decoding \(method)")
        }
    }

    func wireFormat(of arguments: BusArguments, method: String = "Echo") throws(BusError) -> [UInt8] {
        try LibDBus.methodCall(
            destination: AgentInterface.busName, path: BusObjectPath(stringLiteral: AgentInterface.objectPath),
            interface: AgentInterface.name, method: method, arguments: arguments
        ).wireFormat()
    }

    private func flaw(of error: BusError, _ stage: String) -> String? {
        error.name.rawValue.isEmpty || error.message.isEmpty ? "\(stage): a refusal without a name or message: \(error)" : nil
    }
}
