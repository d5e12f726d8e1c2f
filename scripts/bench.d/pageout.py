#!/usr/bin/env python3
"""Pages out what each process PID maps from files and no other process maps (process_madvise with
MADV_PAGEOUT on every file-backed mapping; the kernel leaves pages other processes map alone).

What a process uses afterwards comes back in on its own; what it touched only while starting (or
what the kernel mapped around a fault then) stays out. So RSS measured a while later is the
process's working set, where RSS measured right after start also counts pages it used once.

    scripts/bench.d/pageout.py PID [PID ...]
"""
import ctypes
import sys

SYS_PIDFD_OPEN = 434
SYS_PROCESS_MADVISE = 440
MADV_PAGEOUT = 21


class IOVec(ctypes.Structure):
    _fields_ = [("base", ctypes.c_void_p), ("length", ctypes.c_size_t)]


def page_out(libc, pid):
    pidfd = libc.syscall(SYS_PIDFD_OPEN, pid, 0)
    if pidfd < 0:
        raise OSError(ctypes.get_errno(), f"pidfd_open({pid}) failed")
    advised = 0
    with open(f"/proc/{pid}/maps") as maps:
        for line in maps:
            fields = line.split()
            # A mapping of a file names its path; anonymous memory and [heap] and the like are not paged out.
            if len(fields) < 6 or not fields[5].startswith("/"):
                continue
            start, end = (int(bound, 16) for bound in fields[0].split("-"))
            span = IOVec(start, end - start)
            if libc.syscall(SYS_PROCESS_MADVISE, pidfd, ctypes.byref(span), 1, MADV_PAGEOUT, 0) >= 0:
                advised += 1
    return advised


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: pageout.py PID [PID ...]")
    libc = ctypes.CDLL(None, use_errno=True)
    for argument in sys.argv[1:]:
        try:
            pid = int(argument)
        except ValueError:
            sys.exit(f"pageout.py: {argument!r} is not a process id")
        print(f"pageout: {pid}: {page_out(libc, pid)} file mappings paged out", file=sys.stderr)


if __name__ == "__main__":
    main()
