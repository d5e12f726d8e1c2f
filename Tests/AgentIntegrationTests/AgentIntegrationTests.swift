import Testing

/// The integration tests: the built `audiosessiond` on a private bus, real clients
/// (audiosessionctl, paplay, parec, pactl, dbus-send), on PulseAudio (minimal and stock) and
/// pipewire-pulse. One server, bus and agent per test; the suites run one after another because
/// each test plays and measures sound on a loaded machine. Each test has 5 minutes, or more when
/// `scripts/soak` asks for a longer soak (``SoakSettings/timeLimitMinutes``).
@Suite("Agent integration", .serialized, .timeLimit(.minutes(SoakSettings.timeLimitMinutes)))
struct AgentIntegrationTests {}
