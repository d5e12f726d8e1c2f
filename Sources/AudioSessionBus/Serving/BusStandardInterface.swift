/// The standard interfaces every exported object answers: Introspectable and Properties.
/// (Peer is answered by libdbus itself.)
enum BusStandardInterface {
    static let introspectable = "org.freedesktop.DBus.Introspectable"
    static let properties = "org.freedesktop.DBus.Properties"

    /// The answer to a standard call, or nil when the call is for the object's own interfaces.
    static func answer(
        interface: String?, member: String, arguments: BusArguments, object: BusObject, children: [String]
    ) -> Result<BusArguments, any Error>? {
        let isIntrospect =
            interface == introspectable
            || (interface == nil && member == "Introspect" && object.interfaces.values.allSatisfy { $0.methods[member] == nil })
        if isIntrospect {
            return Result { try introspect(member, object: object, children: children) }
        }
        if interface == properties {
            return Result { try answerProperties(member, arguments: arguments, object: object) }
        }
        return nil
    }

    private static func introspect(_ member: String, object: BusObject, children: [String]) throws -> BusArguments {
        guard member == "Introspect" else {
            throw BusError(.unknownMethod, "interface \(introspectable) has no method \(member)")
        }
        let xml =
            object.introspectionXML ?? BusIntrospection.node(interfaces: object.interfaces.keys.sorted(), children: children)
        return [.string(xml)]
    }

    private static func answerProperties(_ member: String, arguments: BusArguments, object: BusObject) throws -> BusArguments {
        switch member {
        case "Get":
            let (interfaceName, name) = try arguments.decode(String.self, String.self)
            let property = try self.property(name, of: interfaceName, in: object)
            return [.variant(try property.get())]
        case "GetAll":
            let (interfaceName) = try arguments.decode(String.self)
            guard let found = object.interfaces[interfaceName] else {
                throw BusError(.unknownInterface, "\(object.path) has no interface \(interfaceName)")
            }
            var all: [BusValue: BusValue] = [:]
            for property in found.properties.values { all[.string(property.name)] = .variant(try property.get()) }
            return [.dictionary(key: .string, value: .variant, all)]
        case "Set":
            let (interfaceName, name, value) = try arguments.decode(String.self, String.self, BusVariant.self)
            let property = try self.property(name, of: interfaceName, in: object)
            guard let set = property.set else {
                throw BusError(.propertyReadOnly, "property \(name) of \(interfaceName) is read-only")
            }
            guard value.value.type == property.type else {
                throw BusError(.invalidArgs, "property \(name): expected \(property.type), got \(value.value.type)")
            }
            try set(value.value)
            return []
        default:
            throw BusError(.unknownMethod, "interface \(properties) has no method \(member)")
        }
    }

    private static func property(_ name: String, of interface: String, in object: BusObject) throws(BusError) -> BusProperty {
        guard let found = object.interfaces[interface] else {
            throw BusError(.unknownInterface, "\(object.path) has no interface \(interface)")
        }
        guard let property = found.properties[name] else {
            throw BusError(.unknownProperty, "interface \(interface) has no property \(name)")
        }
        return property
    }
}
