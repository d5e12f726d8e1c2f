import PipeWireBackend

extension PipeWireConnection {
    /// The stream node of the client with process id `pid`, once the mirror has its properties.
    func streamNode(of pid: Int32) -> PipeWireGlobal? {
        let globals = globals
        guard let client = globals.values.first(where: { $0.type == .client && $0.properties["pipewire.sec.pid"] == String(pid) })
        else { return nil }
        return globals.values.first {
            $0.type == .node && $0.properties["client.id"] == String(client.id) && $0.properties["media.class"] != nil
        }
    }
}
