/// Turns checked XML elements into the introspection model, refusing what the format does not have.
extension IntrospectionDocument {
    static func node(_ element: MarkupElement, path: String) throws(IntrospectionError) -> IntrospectionDocument {
        try allow(element, attributes: ["name"], path: path)
        var document = IntrospectionDocument(name: element.attributes["name"])
        for child in element.children {
            switch child.name {
            case "interface":
                let interface = try self.interface(child, path: path)
                guard document.interface(named: interface.name) == nil else {
                    throw IntrospectionError("\(path): interface \(interface.name) appears twice")
                }
                document.interfaces.append(interface)
            case "node":
                document.children.append(try node(child, path: path + "/node \(child.attributes["name"] ?? "")"))
            default:
                throw unexpected(child, in: path, accepted: ["interface", "node"])
            }
        }
        return document
    }

    private static func interface(_ element: MarkupElement, path: String) throws(IntrospectionError) -> InterfaceDescription {
        try allow(element, attributes: ["name"], path: path)
        let name = try required("name", of: element, path: path)
        let path = "\(path)/interface \(name)"
        guard isInterfaceName(name) else {
            throw IntrospectionError(
                "\(path): not a valid interface name "
                    + "(two or more dot-separated elements of letters, digits and _, not starting with a digit)")
        }
        var interface = InterfaceDescription(name: name)
        var members: Set<String> = []
        for child in element.children {
            switch child.name {
            case "method":
                let method = try self.method(child, path: path)
                guard members.insert("method " + method.name).inserted else {
                    throw IntrospectionError("\(path): method \(method.name) appears twice")
                }
                interface.methods.append(method)
            case "signal":
                let signal = try self.signal(child, path: path)
                guard members.insert("signal " + signal.name).inserted else {
                    throw IntrospectionError("\(path): signal \(signal.name) appears twice")
                }
                interface.signals.append(signal)
            case "property":
                let property = try self.property(child, path: path)
                guard members.insert("property " + property.name).inserted else {
                    throw IntrospectionError("\(path): property \(property.name) appears twice")
                }
                interface.properties.append(property)
            case "annotation":
                interface.annotations.append(try annotation(child, path: path))
            default:
                throw unexpected(child, in: path, accepted: ["method", "signal", "property", "annotation"])
            }
        }
        return interface
    }

    private static func method(_ element: MarkupElement, path: String) throws(IntrospectionError) -> MethodDescription {
        let name = try memberName(element, path: path)
        let path = "\(path)/method \(name)"
        var method = MethodDescription(name: name)
        for child in element.children {
            switch child.name {
            case "arg":
                let position = method.inputs.count + method.outputs.count + 1
                let (argument, direction) = try self.argument(child, path: "\(path)/arg \(position)", defaultDirection: "in")
                if direction == "in" { method.inputs.append(argument) } else { method.outputs.append(argument) }
            case "annotation":
                method.annotations.append(try annotation(child, path: path))
            default:
                throw unexpected(child, in: path, accepted: ["arg", "annotation"])
            }
        }
        return method
    }

    private static func signal(_ element: MarkupElement, path: String) throws(IntrospectionError) -> SignalDescription {
        let name = try memberName(element, path: path)
        let path = "\(path)/signal \(name)"
        var signal = SignalDescription(name: name)
        for child in element.children {
            switch child.name {
            case "arg":
                let argumentPath = "\(path)/arg \(signal.arguments.count + 1)"
                let (argument, direction) = try self.argument(child, path: argumentPath, defaultDirection: "out")
                guard direction == "out" else {
                    throw IntrospectionError("\(argumentPath): signal arguments have no direction or direction=\"out\"")
                }
                signal.arguments.append(argument)
            case "annotation":
                signal.annotations.append(try annotation(child, path: path))
            default:
                throw unexpected(child, in: path, accepted: ["arg", "annotation"])
            }
        }
        return signal
    }

    private static func argument(
        _ element: MarkupElement, path: String, defaultDirection: String
    ) throws(IntrospectionError) -> (ArgumentDescription, String) {
        try allow(element, attributes: ["name", "type", "direction"], path: path)
        let type = try required("type", of: element, path: path)
        guard DBusSignature.isSingleCompleteType(type) else {
            throw IntrospectionError("\(path): type \"\(type)\" is not a single complete D-Bus type")
        }
        let direction = element.attributes["direction"] ?? defaultDirection
        guard direction == "in" || direction == "out" else {
            throw IntrospectionError("\(path): direction \"\(direction)\"; accepted: in, out")
        }
        for child in element.children where child.name != "annotation" {
            throw unexpected(child, in: path, accepted: ["annotation"])
        }
        return (ArgumentDescription(name: element.attributes["name"], type: type), direction)
    }

    private static func property(_ element: MarkupElement, path: String) throws(IntrospectionError) -> PropertyDescription {
        try allow(element, attributes: ["name", "type", "access"], path: path)
        let name = try required("name", of: element, path: path)
        let path = "\(path)/property \(name)"
        let type = try required("type", of: element, path: path)
        guard DBusSignature.isSingleCompleteType(type) else {
            throw IntrospectionError("\(path): type \"\(type)\" is not a single complete D-Bus type")
        }
        let accessName = try required("access", of: element, path: path)
        guard let access = PropertyDescription.Access(rawValue: accessName) else {
            let accepted = PropertyDescription.Access.allCases.map(\.rawValue).joined(separator: ", ")
            throw IntrospectionError("\(path): access \"\(accessName)\"; accepted: \(accepted)")
        }
        var property = PropertyDescription(name: name, type: type, access: access)
        for child in element.children {
            guard child.name == "annotation" else { throw unexpected(child, in: path, accepted: ["annotation"]) }
            property.annotations.append(try annotation(child, path: path))
        }
        return property
    }

    private static func annotation(_ element: MarkupElement, path: String) throws(IntrospectionError) -> AnnotationDescription {
        try allow(element, attributes: ["name", "value"], path: path)
        let name = try required("name", of: element, path: path)
        let value = try required("value", of: element, path: "\(path)/annotation \(name)")
        if let child = element.children.first { throw unexpected(child, in: "\(path)/annotation \(name)", accepted: []) }
        return AnnotationDescription(name: name, value: value)
    }

    // MARK: Checks

    private static func memberName(_ element: MarkupElement, path: String) throws(IntrospectionError) -> String {
        try allow(element, attributes: ["name"], path: path)
        let name = try required("name", of: element, path: path)
        guard isMemberName(name) else {
            throw IntrospectionError("\(path): \"\(name)\" is not a valid member name (letters, digits and _, not starting with a digit)")
        }
        return name
    }

    private static func allow(_ element: MarkupElement, attributes: Set<String>, path: String) throws(IntrospectionError) {
        for name in element.attributes.keys.sorted() where !attributes.contains(name) {
            let accepted = attributes.sorted().joined(separator: ", ")
            throw IntrospectionError("\(path): <\(element.name)> at line \(element.line) has no attribute \"\(name)\"; accepted: \(accepted)")
        }
    }

    private static func required(_ attribute: String, of element: MarkupElement, path: String) throws(IntrospectionError) -> String {
        guard let value = element.attributes[attribute] else {
            throw IntrospectionError("\(path): <\(element.name)> at line \(element.line) needs a \(attribute) attribute")
        }
        return value
    }

    private static func unexpected(_ element: MarkupElement, in path: String, accepted: [String]) -> IntrospectionError {
        let list = accepted.isEmpty ? "none" : accepted.map { "<\($0)>" }.joined(separator: ", ")
        return IntrospectionError("\(path): unexpected <\(element.name)> at line \(element.line); accepted here: \(list)")
    }

    static func isMemberName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !isDigit(first), name.utf8.count <= 255 else { return false }
        return name.utf8.allSatisfy { isDigit($0) || isLetter($0) || $0 == UInt8(ascii: "_") }
    }

    static func isInterfaceName(_ name: String) -> Bool {
        let elements = name.split(separator: ".", omittingEmptySubsequences: false)
        return name.utf8.count <= 255 && elements.count >= 2 && elements.allSatisfy { isMemberName(String($0)) }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }
}
