import FoundationEssentials

extension WAVFile {
    /// Reads and parses the WAV file at `path`.
    ///
    /// ```swift
    /// let prompt = try WAVFile(contentsOf: "prompt.wav")
    /// ```
    ///
    /// - Throws: ``WAVFileError``: ``WAVFileError/Code/io`` when the file cannot be read, else
    ///   what ``init(bytes:)`` throws.
    public init(contentsOf path: String) throws(WAVFileError) {
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(filePath: path)))
        } catch {
            throw WAVFileError(code: .io, message: "cannot read \(path): \(error)")
        }
        do throws(WAVFileError) {
            try self.init(bytes: bytes)
        } catch {
            throw WAVFileError(code: error.code, message: "\(path): \(error.message)")
        }
    }

    /// Writes the file to `path`, replacing what is there.
    ///
    /// ```swift
    /// try WAVFile(format: format, data: recorded).write(to: "memo.wav")
    /// ```
    public func write(to path: String) throws(WAVFileError) {
        do {
            try Data(encoded).write(to: URL(filePath: path), options: .atomic)
        } catch {
            throw WAVFileError(code: .io, message: "cannot write \(path): \(error)")
        }
    }
}
