import AudioFile
import PulseBackend
import Synchronization

/// The ``AudioStreamPlayer``'s PCM: a bounded queue of the buffers the app enqueued, read by the
/// stream on the connection's loop thread.
///
/// When the server asks for more than the queue holds before the end of the stream, the rest is
/// silence and, if audio played since the last one, an underrun is counted: the stream never
/// drains by accident. After ``markEndOfStream()`` an empty queue ends the stream, which drains.
/// An enqueue that does not fit waits, in order, until the stream has taken enough.
final class StreamingPlaybackSource: PlayerSource {
    /// How an enqueue ended.
    enum Admission: Equatable {
        case queued
        /// The end of the stream was marked, or the player closed: the buffer was not queued.
        case refused
        case cancelled
    }

    private struct Waiter {
        let id: UInt64
        let bytes: [UInt8]
        let continuation: CheckedContinuation<Admission, Never>
    }

    private struct State {
        /// The queued buffers from `head` on; the first of them read from `offset`.
        var chunks: [[UInt8]] = []
        var head = 0
        var offset = 0
        var queuedBytes = 0
        var waiters: [Waiter] = []
        var nextWaiter: UInt64 = 0
        var isEnded = false
        var isClosed = false
        /// Audio has reached the stream since the last underrun (or the start): the next empty
        /// read is a new gap.
        var playedSinceUnderrun = false
        var underruns = 0
    }

    let format: PCMFormat
    let spec: PulseSampleSpec
    /// The most the queue holds, in bytes (whole frames); one larger buffer still fits an empty queue.
    let capacityBytes: Int
    private let state = Mutex(State())

    init(format: PCMFormat, capacityFrames: Int) {
        self.format = format
        spec = format.pulseSpec
        capacityBytes = max(1, capacityFrames) * format.bytesPerFrame
    }

    var frameSize: Int { format.bytesPerFrame }

    var queuedBytes: Int { state.withLock { $0.queuedBytes } }

    var underrunCount: Int { state.withLock { $0.underruns } }

    var isEnded: Bool { state.withLock { $0.isEnded || $0.isClosed } }

    // MARK: The app's side

    /// Queues `bytes` (whole frames, checked by the caller), waiting while the queue is full.
    func enqueue(_ bytes: [UInt8]) async -> Admission {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Admission, Never>) in
                let outcome = state.withLock { state -> Admission? in
                    if state.isEnded || state.isClosed { return .refused }
                    // Task.isCancelled is set before the handler runs, so a cancellation is seen
                    // here or the handler finds the waiter.
                    if Task.isCancelled { return .cancelled }
                    if state.waiters.isEmpty, Self.fits(bytes.count, in: state, capacity: capacityBytes) {
                        Self.append(bytes, to: &state)
                        return .queued
                    }
                    state.waiters.append(Waiter(id: id, bytes: bytes, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(returning: outcome) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                state.waiters.firstIndex { $0.id == id }.map { state.waiters.remove(at: $0) }
            }
            waiter?.continuation.resume(returning: .cancelled)
        }
    }

    /// No more audio after what is queued (and waiting): once it has played, the stream drains.
    func markEndOfStream() { state.withLock { $0.isEnded = true } }

    /// Forgets the queue and the end mark (the player stopped); waiting buffers move in.
    func rewind() {
        let admitted = state.withLock { state in
            state.chunks = []
            state.head = 0
            state.offset = 0
            state.queuedBytes = 0
            state.isEnded = false
            state.playedSinceUnderrun = false
            return Self.admitWaiters(&state, capacity: capacityBytes)
        }
        for continuation in admitted { continuation.resume(returning: .queued) }
    }

    /// Refuses everything from now on, waiting buffers too.
    func close() {
        let refused = state.withLock { state in
            defer {
                state.isClosed = true
                state.waiters = []
                state.chunks = []
                state.head = 0
                state.queuedBytes = 0
            }
            return state.waiters.map(\.continuation)
        }
        for continuation in refused { continuation.resume(returning: .refused) }
    }

    // MARK: The stream's side (loop thread)

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let wanted = buffer.count - buffer.count % frameSize
        guard wanted > 0, let target = buffer.baseAddress else { return 0 }
        var admitted: [CheckedContinuation<Admission, Never>] = []
        let written = state.withLock { state -> Int in
            var written = 0
            repeat {
                written += Self.take(from: &state, into: target + written, count: wanted - written)
                let moved = Self.admitWaiters(&state, capacity: capacityBytes)
                admitted += moved
                if moved.isEmpty { break }
            } while written < wanted
            if written > 0 { state.playedSinceUnderrun = true }
            guard written < wanted, !state.isEnded, !state.isClosed else { return written }
            if state.playedSinceUnderrun {
                state.underruns += 1
                state.playedSinceUnderrun = false
            }
            (target + written).initializeMemory(as: UInt8.self, repeating: 0, count: wanted - written)
            return wanted
        }
        for continuation in admitted { continuation.resume(returning: .queued) }
        return written
    }

    // MARK: The queue (lock held)

    private static func fits(_ count: Int, in state: State, capacity: Int) -> Bool {
        state.queuedBytes == 0 || state.queuedBytes + count <= capacity
    }

    private static func append(_ bytes: [UInt8], to state: inout State) {
        guard !bytes.isEmpty else { return }
        state.chunks.append(bytes)
        state.queuedBytes += bytes.count
    }

    /// Moves waiting buffers into the queue, in order, while they fit; returns whom to resume.
    private static func admitWaiters(_ state: inout State, capacity: Int) -> [CheckedContinuation<Admission, Never>] {
        var admitted: [CheckedContinuation<Admission, Never>] = []
        while let first = state.waiters.first, !state.isClosed, fits(first.bytes.count, in: state, capacity: capacity) {
            state.waiters.removeFirst()
            append(first.bytes, to: &state)
            admitted.append(first.continuation)
        }
        return admitted
    }

    /// Copies up to `count` queued bytes to `target`; returns how many.
    private static func take(from state: inout State, into target: UnsafeMutableRawPointer, count: Int) -> Int {
        var copied = 0
        while copied < count, state.head < state.chunks.count {
            let chunk = state.chunks[state.head]
            let length = min(count - copied, chunk.count - state.offset)
            chunk.withUnsafeBytes { bytes in
                if let from = bytes.baseAddress { (target + copied).copyMemory(from: from + state.offset, byteCount: length) }
            }
            copied += length
            state.offset += length
            if state.offset == chunk.count {
                state.head += 1
                state.offset = 0
            }
        }
        state.queuedBytes -= copied
        // Drop the played buffers now and then rather than shifting the array on every read.
        if state.head == state.chunks.count {
            state.chunks = []
            state.head = 0
        } else if state.head > 64 {
            state.chunks.removeFirst(state.head)
            state.head = 0
        }
        return copied
    }
}
