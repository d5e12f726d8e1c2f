import AudioSessionBus
import AudioSessionContract
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One interface of an introspection document, as Foundation's XML parser reads it: the test-side
/// view of `org.audiosession.Agent1.xml` that ``AgentContract``'s static table is checked against.
struct IntrospectedInterface: Equatable, CustomStringConvertible {
    /// A method, signal or property with its arguments in order.
    struct Member: Equatable, CustomStringConvertible {
        /// `method`, `signal` or `property`.
        var kind: String
        var name: String
        /// For a method, its `in` then `out` arguments; for a signal, its arguments; for a
        /// property, one entry: its name, type and access.
        var arguments: [Argument]

        var description: String { "\(kind) \(name)(\(arguments.map(\.description).joined(separator: ", ")))" }
    }

    /// An argument's name, type and direction (`in`, `out`; empty for a signal; the access for a property).
    struct Argument: Equatable, CustomStringConvertible {
        var name: String
        var type: String
        var direction: String

        var description: String { "\(direction.isEmpty ? "" : direction + " ")\(type) \(name)" }
    }

    var name: String
    var members: [Member]

    var description: String { "interface \(name): " + members.map(\.description).joined(separator: "; ") }

    /// The contract's static table in the same shape.
    static var contract: IntrospectedInterface {
        func arguments(_ list: [ContractArgument], _ direction: String) -> [Argument] {
            list.map { Argument(name: $0.name, type: $0.type.signature, direction: direction) }
        }
        let methods = AgentContract.methods.map {
            Member(kind: "method", name: $0.name, arguments: arguments($0.inputs, "in") + arguments($0.outputs, "out"))
        }
        let signals = AgentContract.signals.map { Member(kind: "signal", name: $0.name, arguments: arguments($0.arguments, "")) }
        let properties = AgentContract.properties.map {
            Member(kind: "property", name: $0.name, arguments: [Argument(name: $0.name, type: $0.type.signature, direction: $0.access)])
        }
        return IntrospectedInterface(name: AgentContract.interface, members: methods + signals + properties)
    }

    /// Every interface of `xml`, in document order; throws when the XML is not well formed.
    static func read(_ xml: String) throws -> [IntrospectedInterface] {
        let parser = XMLParser(data: Data(xml.utf8))
        let reader = Reader()
        parser.delegate = reader
        guard parser.parse() else {
            throw ReadError(message: "line \(parser.lineNumber): \(parser.parserError.map { "\($0)" } ?? "not well formed")")
        }
        if let problem = reader.problem { throw ReadError(message: problem) }
        // Grouped as the table is: methods, then signals, then properties, each in document order.
        return reader.interfaces.map { interface in
            var grouped = interface
            grouped.members = ["method", "signal", "property"].flatMap { kind in interface.members.filter { $0.kind == kind } }
            return grouped
        }
    }

    struct ReadError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Collects interfaces and their members; a direction is written out as the specification's
    /// default (`in` for a method argument) so a missing attribute and an explicit one compare equal.
    private final class Reader: NSObject, XMLParserDelegate {
        var interfaces: [IntrospectedInterface] = []
        var problem: String?
        private var member: Member?

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let name = attributes["name"] ?? ""
            switch element {
            case "interface":
                interfaces.append(IntrospectedInterface(name: name, members: []))
            case "method", "signal":
                member = Member(kind: element, name: name, arguments: [])
            case "property":
                guard !interfaces.isEmpty else { return }
                let argument = Argument(name: name, type: attributes["type"] ?? "", direction: attributes["access"] ?? "")
                interfaces[interfaces.count - 1].members.append(Member(kind: "property", name: name, arguments: [argument]))
            case "arg":
                guard let kind = member?.kind else {
                    problem = "an <arg> outside a method or signal"
                    return
                }
                let direction = kind == "method" ? attributes["direction"] ?? "in" : ""
                member?.arguments.append(Argument(name: name, type: attributes["type"] ?? "", direction: direction))
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            guard element == "method" || element == "signal", var member, !interfaces.isEmpty else { return }
            // The table lists what a method takes, then what it returns.
            member.arguments = member.arguments.filter { $0.direction != "out" } + member.arguments.filter { $0.direction == "out" }
            interfaces[interfaces.count - 1].members.append(member)
            self.member = nil
        }
    }
}
