import AudioSessionTesting
import Foundation

extension AgentRig {
    /// The agent's journal directory under the rig's runtime directory.
    var journalDirectory: String { (server.environment["XDG_RUNTIME_DIR"] ?? directory) + "/audiosession" }

    /// The path and header line of the journal file in ``journalDirectory``; `nil` unless there
    /// is exactly one, with a header.
    func journalFile() throws -> (path: String, header: String)? {
        let names = try FileManager.default.contentsOfDirectory(atPath: journalDirectory)
            .filter { $0.hasPrefix("journal-") && $0.hasSuffix(".log") }
        guard names.count == 1, let name = names.first else { return nil }
        let path = journalDirectory + "/" + name
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").first.map { (path, String($0)) }
    }

    /// Writes a journal as an agent leaves it: `header`, then each payload as a line with its
    /// CRC-32 (as zlib computes it, eight upper-case hex digits) in front.
    static func writeJournal(_ path: String, header: String, records: [String]) throws {
        let lines = [header] + records.map { payload in
            let hex = String(crc32(Array(payload.utf8)), radix: 16, uppercase: true)
            return String(repeating: "0", count: 8 - hex.count) + hex + " " + payload
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
