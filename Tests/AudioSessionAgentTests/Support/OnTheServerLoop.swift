import SoundServer

@testable import AudioSessionAgent

/// Runs `body` isolated to the server loop, for unit tests that drive loop-confined parts (the
/// translator with a quiet enforcer) without any server: the test's thread stands in for a
/// loop's and counts as holding its lock while `body` runs.
///
/// ```swift
/// onTheServerLoop { translator.begin(with: graph) }
/// ```
func onTheServerLoop<Result, Failure: Error>(_ body: @ServerLoopActor () throws(Failure) -> Result) throws(Failure) -> Result {
    try ServerLoopThreads.whileLocked { () throws(Failure) -> Result in try ServerLoopActor.assumeIsolated(body) }
}
