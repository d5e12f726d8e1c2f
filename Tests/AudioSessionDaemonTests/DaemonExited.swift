/// The daemon ended while a test waited for it to come up.
struct DaemonExited: Error, CustomStringConvertible {
    let output: String
    var description: String { "audiosessiond exited early:\n\(output)" }
}
