import Foundation

/// The peer: `pacat` playing raw PCM from its standard input, written packet by packet, with the
/// same target latency; what any PulseAudio client that writes as audio arrives gets.
struct PacatSink: PacketSink, @unchecked Sendable {
    // Process and FileHandle are not Sendable; only the bench's one task touches them.
    let process: Process
    let input: FileHandle

    static func start(latencyMs: Int) throws -> PacatSink {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "pacat", "--raw", "--format=s16le", "--rate=48000", "--channels=2", "--latency-msec=\(latencyMs)",
            "--property=media.role=music", "--property=application.name=bench-pacat",
        ]
        let pipe = Pipe()
        process.standardInput = pipe
        try process.run()
        return PacatSink(process: process, input: pipe.fileHandleForWriting)
    }

    func send(_ packet: [UInt8]) async throws { try input.write(contentsOf: packet) }

    func stop() {
        try? input.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
