/// Introspection documents the connection writes itself: for paths that only lead to exported
/// objects, and for objects exported without XML of their own.
enum BusIntrospection {
    static let doctype =
        "<!DOCTYPE node PUBLIC \"-//freedesktop//DTD D-BUS Object Introspection 1.0//EN\"\n"
        + "\"http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd\">\n"

    /// A `<node>` listing interface names (without members) and child nodes.
    static func node(interfaces: [String], children: [String]) -> String {
        var xml = doctype + "<node>\n"
        for interface in interfaces { xml += "  <interface name=\"\(interface)\"/>\n" }
        for child in children { xml += "  <node name=\"\(child)\"/>\n" }
        return xml + "</node>\n"
    }
}
