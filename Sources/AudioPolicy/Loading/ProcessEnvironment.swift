import Glibc

/// The process environment as a dictionary, read without Foundation: what ``PolicySearchPath``
/// and ``ShippedPolicyLocation`` take.
///
/// ```swift
/// let shipped = ShippedPolicyLocation.find(environment: ProcessEnvironment.current)
/// ```
public enum ProcessEnvironment {
    /// Every `KEY=VALUE` of the running process.
    public static var current: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let line = String(cString: pointer)
            if let equals = line.firstIndex(of: "=") {
                result[String(line[..<equals])] = String(line[line.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }
}
