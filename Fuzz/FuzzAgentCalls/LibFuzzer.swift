/// libFuzzer's driver: the package's entry point hands the command line to it.
enum LibFuzzer {
    typealias Body = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

    static func run(
        _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ body: Body
    ) -> Int32 {
        LLVMFuzzerRunDriver(argc, argv, body)
    }
}

/// The corresponding libFuzzer function is `LLVMFuzzerRunDriver`.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ body: LibFuzzer.Body
) -> Int32
