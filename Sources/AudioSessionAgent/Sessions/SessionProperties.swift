import AudioSessionContract

/// What an app may declare about itself in `RegisterSession`'s `properties` (`a{sv}`).
///
/// Keys are kebab-case; an unknown key is refused with the list of accepted ones, so a client
/// written against a newer interface learns what this agent understands. Identity facts the bus
/// knows (PID, UID, binary, Flatpak id) are never read from here.
///
/// ```swift
/// let properties = try SessionProperties(wire: ["application-id": .string("org.example.Maps")])
/// properties.applicationID  // "org.example.Maps"
/// ```
public struct SessionProperties: Hashable, Sendable {
    /// A property value as it arrived in the variant.
    public enum WireValue: Hashable, Sendable {
        /// A string (`s`).
        case string(String)
        /// Any other type, by its D-Bus signature (for the error message).
        case other(signature: String)
    }

    /// The app's id, such as its desktop file id (`org.example.Maps`); matched by policy `[[app]]`
    /// rules like PulseAudio's `application.id`.
    public var applicationID: String?

    /// The stream token an earlier agent gave this session (after an agent restart): kept when no
    /// live session holds it, so streams the app opened before still find their session. Accepted
    /// only with the ``tokenSecret`` it derives from.
    public var streamToken: StreamToken?

    /// The secret an earlier agent returned with the token (`RegisterSessionWithSecret`): proves
    /// the caller owns ``streamToken``.
    public var tokenSecret: StreamTokenSecret?

    /// Whether the token is bound to the session's own sound-server client (the default) or a
    /// bearer token for a launcher's children.
    public var tokenUse: StreamTokenUse = .bound

    /// The keys `RegisterSession` accepts.
    public static let acceptedKeys = ["application-id", "stream-token", "stream-token-secret", "stream-token-use"]

    /// The longest value accepted, in UTF-8 bytes.
    public static let maximumValueLength = 255

    /// Declares nothing.
    public init(applicationID: String? = nil, tokenUse: StreamTokenUse = .bound) {
        self.applicationID = applicationID
        self.tokenUse = tokenUse
    }

    /// Reads the properties of a `RegisterSession` call, or throws naming the key at fault.
    ///
    /// An empty string means "not given".
    public init(wire: [String: WireValue]) throws(SessionRegistryError) {
        for key in wire.keys.sorted() where !Self.acceptedKeys.contains(key) {
            throw SessionRegistryError(.unknownProperty(key))
        }
        if let value = wire["application-id"] {
            let text = try Self.text(of: value, key: "application-id")
            applicationID = text.isEmpty ? nil : text
        }
        if let value = wire["stream-token"] {
            let text = try Self.text(of: value, key: "stream-token")
            guard text.isEmpty || StreamToken.isWellFormed(text) else {
                throw SessionRegistryError(.invalidProperty("stream-token", "32 lower-case hex digits, as RegisterSession returned it"))
            }
            streamToken = text.isEmpty ? nil : StreamToken(rawValue: text)
        }
        if let value = wire["stream-token-secret"] {
            let text = try Self.text(of: value, key: "stream-token-secret")
            guard text.isEmpty || StreamToken.isWellFormed(text) else {
                throw SessionRegistryError(
                    .invalidProperty("stream-token-secret", "32 lower-case hex digits, as RegisterSessionWithSecret returned it"))
            }
            tokenSecret = text.isEmpty ? nil : StreamTokenSecret(rawValue: text)
        }
        if let value = wire["stream-token-use"] {
            let text = try Self.text(of: value, key: "stream-token-use")
            guard let use = StreamTokenUse(rawValue: text) else {
                let names = StreamTokenUse.allCases.map(\.rawValue).joined(separator: " or ")
                throw SessionRegistryError(.invalidProperty("stream-token-use", names))
            }
            tokenUse = use
        }
    }

    private static func text(of value: WireValue, key: String) throws(SessionRegistryError) -> String {
        switch value {
        case .other(let signature):
            throw SessionRegistryError(.invalidProperty(key, "a string (s), not \(signature)"))
        case .string(let text):
            guard text.utf8.count <= maximumValueLength else {
                throw SessionRegistryError(.invalidProperty(key, "at most \(maximumValueLength) bytes, not \(text.utf8.count)"))
            }
            if let scalar = UntrustedText.firstDeceptiveScalar(in: text), let kind = UntrustedText.kind(of: scalar) {
                // Such a character makes an id read otherwise than it is stored, or forges lines where it is shown.
                throw SessionRegistryError(
                    .invalidProperty(
                        key,
                        "printable text without control, bidirectional or zero-width characters; it has "
                            + "\(UntrustedText.codePoint(of: scalar)), \(kind)"))
            }
            return text
        }
    }
}
