/// Whom the agent's per-app limits charge for a caller: its verified Flatpak app id when it is
/// sandboxed, else its process binary, else its bus connection.
///
/// Every fact comes from the bus and `/proc/PID` (see ``BusCaller``), never from the call's
/// arguments, so an app cannot charge another app. What it does not stop: code running as the same
/// user that copies or renames its binary becomes another account.
///
/// ```swift
/// AppAccount(BusCaller(uniqueName: ":1.42", processID: 4242, processBinary: "maps"))   // binary maps
/// AppAccount(BusCaller(uniqueName: ":1.43", flatpakID: "org.example.Maps"))            // Flatpak app org.example.Maps
/// AppAccount(BusCaller(uniqueName: ":1.44"))                                           // connection :1.44
/// ```
public struct AppAccount: Hashable, Sendable, CustomStringConvertible {
    private enum Key: Hashable, Sendable {
        case flatpak(String)
        case binary(String)
        case connection(String)
    }

    private let key: Key

    /// The account `caller` is charged to.
    public init(_ caller: BusCaller) {
        if let flatpak = caller.flatpakID, !flatpak.isEmpty {
            key = .flatpak(flatpak)
        } else if let binary = caller.processBinary, !binary.isEmpty {
            key = .binary(binary)
        } else {
            key = .connection(caller.uniqueName)
        }
    }

    /// The account as messages name it: `Flatpak app org.example.Maps`, `binary maps` or `connection :1.44`.
    public var description: String {
        switch key {
        case .flatpak(let id): "Flatpak app \(id)"
        case .binary(let name): "binary \(name)"
        case .connection(let name): "connection \(name)"
        }
    }
}
