import Testing

/// Every server fact, one test at a time: each plays sound in real time and measures it on a device
/// monitor, and on a two-core CI machine parallel servers starve each other's audio threads.
/// Each test starts its own private server, so no saved state leaks from one fact into another.
@Suite("Server facts", .serialized)
enum ServerFacts {}
