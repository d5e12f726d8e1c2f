@testable import AudioSessionAgent
@testable import AudioSessionBus
import AudioSessionContract
import AudioSessionModel
import Glibc

/// Reads one input as the agent reads a call, stopping the process on anything but a typed refusal.
enum AgentCallReading {
    static func read(_ bytes: [UInt8]) {
        let message: Message
        do {
            message = try Message(wireFormat: bytes)
        } catch {
            requireMessage(error, "demarshalling")
            return
        }
        let incoming = IncomingMessage(message)
        let arguments: BusArguments
        switch incoming.arguments {
        case .success(let read): arguments = read
        case .failure(let error):
            requireMessage(error, "reading the arguments")
            return
        }
        // What the reader accepted, the writer must write back: the agent replies with such values.
        do {
            _ = try LibDBus.methodCall(
                destination: nil, path: "/org/audiosession/Agent", interface: nil, method: "Echo", arguments: arguments
            ).wireFormat()
        } catch {
            fatalError("arguments read from a valid message cannot be written back: \(error); \(arguments)")
        }
        do {
            let request = try AgentRequest(method: incoming.member ?? "", arguments: arguments)
            if case .setConfiguration(_, let category, let mode, let options) = request {
                do {
                    _ = try SessionConfiguration(wireCategory: category, mode: mode, options: options)
                } catch {
                    if error.description.isEmpty { fatalError("a configuration refused without a message") }
                }
            }
        } catch {
            requireMessage(error, "decoding the call")
        }
    }

    private static func requireMessage(_ error: BusError, _ stage: String) {
        if error.name.rawValue.isEmpty || error.message.isEmpty {
            fatalError("\(stage) failed without a named error and a message: \(error)")
        }
    }

    /// A valid call of every method, in the wire format, one file each.
    static func writeSeeds(to directory: String) -> Bool {
        for (index, call) in ValidAgentCalls.all.enumerated() {
            let bytes: [UInt8]
            do {
                bytes = try LibDBus.methodCall(
                    destination: AgentInterface.busName, path: BusObjectPath(stringLiteral: AgentInterface.objectPath),
                    interface: AgentInterface.name, method: call.method, arguments: call.arguments
                ).wireFormat()
            } catch {
                print("cannot write \(call.method): \(error)")
                return false
            }
            let path = "\(directory)/\(index)-\(call.method).bin"
            guard let file = fopen(path, "wb") else {
                print("cannot create \(path)")
                return false
            }
            defer { fclose(file) }
            guard fwrite(bytes, 1, bytes.count, file) == bytes.count else {
                print("cannot write \(path)")
                return false
            }
        }
        return true
    }
}
