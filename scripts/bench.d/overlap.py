#!/usr/bin/env python3
"""How long a call and the music it silences are both heard, read from a recording of the
device: music on the left channel only, the call on the right only (scripts/bench's overlap part).

Usage: overlap.py RATE FILE

FILE is raw signed 16-bit little-endian stereo at RATE Hz (parec of the sink's monitor). The
recording is cut into 1 ms windows; a channel is audible in a window when its RMS is above
-50 dBFS (the music plays at -6 dBFS, so a duck to 0.3 is still audible and a mute or a cork is
not). A call starts at the first audible right-channel window after at least 200 ms of right
silence. Its overlap is the time from that window to the first window of the music's next
silence of at least 20 ms, in whole milliseconds (0 when the music was silent at once). A call
during which the music was not audible in the 100 ms before it started is skipped (the music had
not come back from the previous call), and counted as such.

Prints `overlap_ms N` for each call measured, then
`overlap calls=C skipped=S p50_ms=P max_ms=M`."""
import array
import math
import sys

THRESHOLD = 10 ** (-50 / 20) * 32768
CALL_SILENCE_BEFORE_MS = 200
MUSIC_SILENCE_MS = 20
MUSIC_BEFORE_MS = 100


def windows(rate, path):
    """Per 1 ms window: (left audible, right audible)."""
    samples = array.array("h")
    with open(path, "rb") as recording:
        data = recording.read()
    samples.frombytes(data[: len(data) - len(data) % 4])
    if sys.byteorder != "little":
        samples.byteswap()
    per_window = rate // 1000
    audible = []
    for start in range(0, len(samples) // 2 - per_window + 1, per_window):
        left = right = 0.0
        for frame in range(start, start + per_window):
            left += samples[2 * frame] ** 2
            right += samples[2 * frame + 1] ** 2
        audible.append((math.sqrt(left / per_window) > THRESHOLD, math.sqrt(right / per_window) > THRESHOLD))
    return audible


def call_onsets(audible):
    onsets, quiet = [], CALL_SILENCE_BEFORE_MS
    for index, (_, right) in enumerate(audible):
        if right:
            if quiet >= CALL_SILENCE_BEFORE_MS:
                onsets.append(index)
            quiet = 0
        else:
            quiet += 1
    return onsets


def overlap_at(audible, onset):
    """Milliseconds from onset to the start of the music's next 20 ms silence, or None."""
    silent_run = 0
    for index in range(onset, len(audible)):
        silent_run = 0 if audible[index][0] else silent_run + 1
        if silent_run == MUSIC_SILENCE_MS:
            return index - MUSIC_SILENCE_MS + 1 - onset
    return None


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[max(0, math.ceil(len(ordered) * fraction) - 1)]


def main(rate, path):
    audible = windows(rate, path)
    measured, skipped = [], 0
    for onset in call_onsets(audible):
        before = audible[max(0, onset - MUSIC_BEFORE_MS):onset]
        overlap = overlap_at(audible, onset)
        if not any(left for left, _ in before) or overlap is None:
            skipped += 1
            continue
        measured.append(overlap)
        print(f"overlap_ms {overlap}")
    if measured:
        print(f"overlap calls={len(measured)} skipped={skipped} p50_ms={percentile(measured, 0.5)} max_ms={max(measured)}")
    else:
        print(f"overlap calls=0 skipped={skipped} p50_ms= max_ms=")


if __name__ == "__main__":
    if len(sys.argv) != 3 or not sys.argv[1].isdigit():
        sys.exit("usage: overlap.py RATE FILE (raw s16le stereo at RATE Hz)")
    main(int(sys.argv[1]), sys.argv[2])
