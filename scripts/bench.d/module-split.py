#!/usr/bin/env python3
"""Which Swift module the resident pages of a running executable hold: prints one line
`modules|MODULE|SYMBOL_MB|RESIDENT_MB` per module, plus `modules|(no symbol: metadata, unwind
tables, ...)|...` for resident bytes no sized symbol covers, and `modules|(total)|...`.

Usage: module-split.py PID

A module is read from each symbol's Swift mangling ($s<length><Module>...); symbols without one
are "C and other". Residency comes from /proc/PID/pagemap (bit 63, readable without privileges);
the load address from /proc/PID/maps. A page shared by two modules' symbols is split by bytes."""
import collections
import re
import struct
import subprocess
import sys

PAGE = 4096


def main(pid):
    exe = subprocess.check_output(["readlink", f"/proc/{pid}/exe"]).decode().strip()
    mappings = []
    with open(f"/proc/{pid}/maps") as maps:
        for line in maps:
            fields = line.split()
            if len(fields) >= 6 and fields[5] == exe:
                start, end = (int(x, 16) for x in fields[0].split("-"))
                mappings.append((start, end, int(fields[2], 16)))
    base = min(start - offset for start, _, offset in mappings)
    present = set()
    with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        for start, end, _ in mappings:
            pagemap.seek(start // PAGE * 8)
            entries = pagemap.read((end - start) // PAGE * 8)
            for index in range((end - start) // PAGE):
                (entry,) = struct.unpack_from("<Q", entries, index * 8)
                if entry >> 63 & 1:
                    present.add(start + index * PAGE)
    static = collections.Counter()
    resident = collections.Counter()
    nm = subprocess.check_output(["nm", "-S", "--defined-only", exe]).decode(errors="replace")
    for line in nm.splitlines():
        fields = line.split()
        if len(fields) < 4 or int(fields[1], 16) == 0:
            continue
        address, size, name = int(fields[0], 16), int(fields[1], 16), fields[3]
        mangled = re.match(r"^\$s(\d+)([A-Za-z_][A-Za-z0-9_]*)", name)
        if mangled:
            module = mangled.group(2)[: int(mangled.group(1))]
        elif name.startswith("$ss"):
            module = "Swift standard library, specialised"
        else:
            module = "C and other"
        static[module] += size
        start = base + address
        page = start - start % PAGE
        while page < start + size:
            if page in present:
                resident[module] += min(start + size, page + PAGE) - max(start, page)
            page += PAGE
    mb = 1024 * 1024
    for module, size in static.most_common():
        print(f"modules|{module}|{size / mb:.2f}|{resident[module] / mb:.2f}")
    covered = sum(resident.values())
    total = len(present) * PAGE
    print(f"modules|(no symbol: metadata, unwind tables, ...)||{max(0, total - covered) / mb:.2f}")
    print(f"modules|(total)||{total / mb:.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]))
