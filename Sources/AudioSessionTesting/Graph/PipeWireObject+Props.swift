import Foundation

extension PipeWireObject {
    /// The first of the node's `Props` parameters (`volume`, `mute`, `channelVolumes`, ...), or nil.
    ///
    /// ```swift
    /// let volume = music.props?["volume"]?.number   // 1.0 unless someone scaled the stream
    /// ```
    public var props: JSONValue? {
        guard let propsJSON, case .array(let params)? = try? JSONDecoder().decode(JSONValue.self, from: Data(propsJSON.utf8))
        else { return nil }
        return params.first
    }
}
