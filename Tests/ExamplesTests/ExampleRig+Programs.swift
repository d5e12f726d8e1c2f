import AudioSessionTesting

extension ExampleRig {
    /// Runs a program that is not one of the Swift examples (the C and Python ones) with the
    /// rig's environment plus `extraEnvironment`, inside the stack's root when it has one.
    func program(_ command: [String], extraEnvironment: [String: String] = [:]) throws -> ChildProcess {
        try ChildProcess(
            runnable(command), environment: environment.merging(extraEnvironment) { _, new in new }, outputDirectory: directory)
    }
}
