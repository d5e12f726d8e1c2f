/// Streams that are apps although an ``Exclusion`` matches them (`[[include]]` in files): a
/// policy's way to opt one kind of stream the shipped `[[exclude]]` entries leave alone (a
/// loopback, a filter, a JACK node) back in, since a fragment cannot remove a shipped entry.
///
/// An inclusion has the keys and the matching of an exclusion; `why` says what the streams are.
/// It never brings back the agent's own streams (``Exclusion/refusedForInclusion``) nor a stream left
/// to a server module.
///
/// ```swift
/// let jackPlayer = Inclusion(why: "my JACK music player", property: "node.name", matcher: .equals("jack-player"))
/// jackPlayer.matches(["node.name": "jack-player", "client.api": "jack"])  // true
/// ```
public typealias Inclusion = Exclusion

extension Exclusion {
    /// Facts an inclusion may not name: the agent's own streams never duck or silence themselves,
    /// and a stream left to a server module is that module's (`[server-modules]`).
    public static let refusedForInclusion: [String: String] = [
        "audiosession.agent": "the agent's own streams are never apps",
        StreamInfo.leftToServerKey: "a stream left to a server module is that module's ([server-modules] says which)",
    ]
}
