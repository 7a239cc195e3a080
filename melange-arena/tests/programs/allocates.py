#!/usr/bin/env python3
"""Hostile: allocates without end. The address space limit stops it
(MemoryError, it exits). Were there no limit, it would stop by itself at
4 GiB and then play on."""
import json
import sys

for line in sys.stdin:
    hoard = []
    for _ in range(64):
        hoard.append(b"x" * (64 << 20))
    print(json.dumps({"index": 0}), flush=True)
