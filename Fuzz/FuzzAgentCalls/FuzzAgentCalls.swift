// libFuzzer target: bytes in the D-Bus wire format, read as the agent reads an incoming call
// (libdbus validates the message, the bus module reads its arguments into typed values, the agent
// turns member and arguments into an AgentRequest). A crash, or a rejection without a typed error
// and a message, is a finding. `--write-seeds DIR` writes a valid call of every method instead.
@testable import AudioSessionAgent
@testable import AudioSessionBus
import AudioSessionContract

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    AgentCallReading.read(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

@_cdecl("FuzzAgentCalls_main")
func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    let arguments = (0..<Int(argc)).map { index in argv?[index].map { String(cString: $0) } ?? "" }
    if arguments.count == 3, arguments[1] == "--write-seeds" {
        return AgentCallReading.writeSeeds(to: arguments[2]) ? 0 : 1
    }
    var argc = argc
    var argv = argv
    return LibFuzzer.run(&argc, &argv, fuzzOne)
}
