import AudioSessionTesting

extension ExampleRig {
    /// Runs a program that is not one of the Swift examples (the C and Python ones) with the
    /// rig's environment plus `extraEnvironment`.
    func program(_ command: [String], extraEnvironment: [String: String] = [:]) throws -> ChildProcess {
        try ChildProcess(command, environment: environment.merging(extraEnvironment) { _, new in new }, outputDirectory: directory)
    }
}
