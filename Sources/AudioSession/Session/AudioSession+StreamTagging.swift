import AudioSessionContract
import Synchronization

extension AudioSession {
    /// The properties to put on every stream the app opens itself, so the agent and the sound
    /// server know it belongs to this session:
    ///
    /// | key | value |
    /// | --- | --- |
    /// | `media.role` | from the category and mode (`music`, `phone`, `video`, `game`, ...) |
    /// | `audiosession.token` | the session's stream token (while registered with the agent, and after until the next agent answers) |
    /// | `audiosession.client-nonce` | the one-time value that binds the first sound-server client showing it to the session (only while registered) |
    /// | `audiosession.category`, `audiosession.mode` | the configuration's kebab-case names |
    /// | `application.id` | the application id given at ``init(applicationID:options:)``, if any |
    ///
    /// Read it after ``setCategory(_:mode:options:)`` and ``setActive(_:options:)`` and just
    /// before opening a stream: the nonce changes when the agent restarts. The agent accepts the
    /// token only from the client bound by the nonce (the first client whose stream showed it);
    /// streams of other clients, and streams without the token, are still matched to the session
    /// by process (PID), less surely.
    ///
    /// libpulse, in the stream's proplist:
    /// ```swift
    /// let proplist = pa_proplist_new()
    /// for (key, value) in session.streamProperties { pa_proplist_sets(proplist, key, value) }
    /// let stream = pa_stream_new_with_proplist(context, "Playback", &spec, nil, proplist)
    /// ```
    /// PipeWire, in the stream's properties (`pw_properties_set(props, key, value)` for each pair
    /// before `pw_stream_new`). GStreamer's `pulsesink`:
    /// `stream-properties="props,media.role=music,audiosession.token=TOKEN"`. Children and
    /// libraries that open their own connection (SDL, OpenAL, a spawned player) take them from
    /// the environment, set before they connect:
    /// ```swift
    /// setenv("PULSE_PROP", session.pulsePropEnvironmentValue, 1)        // libpulse clients, SDL's pulse driver
    /// setenv("PIPEWIRE_PROPS", session.pipewirePropsEnvironmentValue, 1) // native PipeWire clients
    /// ```
    public var streamProperties: [String: String] {
        let (configuration, token, nonce) = core.state.withLock {
            ($0.configuration, $0.registration?.token ?? $0.lastStreamToken, $0.registration?.clientNonce)
        }
        var properties = [
            "media.role": StreamRole.mediaRole(for: configuration),
            "audiosession.category": configuration.category.kebabName,
            "audiosession.mode": configuration.mode.kebabName,
        ]
        if let token { properties[AgentBusAddress.streamTokenProperty] = token }
        if let nonce { properties[AgentBusAddress.clientNonceProperty] = nonce }
        if let applicationID = core.applicationID, !applicationID.isEmpty { properties["application.id"] = applicationID }
        return properties
    }

    /// ``streamProperties`` as a `PULSE_PROP` value (`key=value key=value`, values quoted where
    /// needed): every libpulse client started with it carries them on its streams.
    ///
    /// ```swift
    /// let child = try Process.run(paplay, environment: ["PULSE_PROP": session.pulsePropEnvironmentValue])
    /// ```
    public var pulsePropEnvironmentValue: String {
        streamProperties.sorted { $0.key < $1.key }.map { key, value in
            let needsQuotes = value.contains { $0 == " " || $0 == "'" || $0 == "\"" } || value.isEmpty
            return needsQuotes ? "\(key)='\(value.replacingAll("'", with: ""))'" : "\(key)=\(value)"
        }.joined(separator: " ")
    }

    /// ``streamProperties`` as a `PIPEWIRE_PROPS` value (`{ key=value ... }`, values quoted):
    /// every native PipeWire client started with it carries them on its streams.
    ///
    /// ```swift
    /// setenv("PIPEWIRE_PROPS", session.pipewirePropsEnvironmentValue, 1)
    /// ```
    public var pipewirePropsEnvironmentValue: String {
        let pairs = streamProperties.sorted { $0.key < $1.key }.map { key, value in
            "\(key)=\"\(value.replacingAll("\"", with: ""))\""
        }
        return "{ " + pairs.joined(separator: " ") + " }"
    }
}

extension String {
    /// The string with every `target` replaced (without Foundation).
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
