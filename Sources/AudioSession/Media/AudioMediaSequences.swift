/// The events of an ``AudioPlayer`` (``AudioPlayer/events``): each access is a new subscription
/// from that moment on; several consumers each get every event.
///
/// ```swift
/// for await event in player.events where event == .finished(successfully: true) { break }
/// ```
public typealias AudioPlayerEvents = AudioSessionEvents<AudioPlayerEvent>

/// The events of an ``AudioRecorder`` (``AudioRecorder/events``), subscribed like ``AudioPlayerEvents``.
///
/// ```swift
/// for await event in recorder.events where event == .pausedByInterruption { showPaused() }
/// ```
public typealias AudioRecorderEvents = AudioSessionEvents<AudioRecorderEvent>

/// The audio an ``AudioRecorder`` records (``AudioRecorder/buffers``), subscribed like ``AudioPlayerEvents``.
///
/// ```swift
/// for await bytes in recorder.buffers { print(bytes.count) }
/// ```
public typealias AudioRecorderBuffers = AudioSessionEvents<[UInt8]>
