// libFuzzer target: bytes as policy files. The whole input goes through the TOML reader; then,
// split at NUL bytes, its parts are a base policy and fragments for the loader over an in-memory
// file system. A crash, a hang, or a refusal without a position and a message is a finding.
import AudioPolicy
import TOMLReader

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    PolicyFileReading.read(bytes)
    let parts = bytes.split(separator: 0, omittingEmptySubsequences: false).map { Array($0) }
    PolicyFileReading.load(base: parts[0], fragments: Array(parts.dropFirst().prefix(4)))
    return 0
}

@_cdecl("FuzzPolicyFiles_main")
func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var argc = argc
    var argv = argv
    return LibFuzzer.run(&argc, &argv, fuzzOne)
}
