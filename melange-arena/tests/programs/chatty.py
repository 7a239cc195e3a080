#!/usr/bin/env python3
"""Hostile: writes to standard output out of turn, an extra line after each
answer. The arena sees it before its next request (or takes it for the next
answer, which it is not) and ends it."""
import json
import sys

for line in sys.stdin:
    print(json.dumps({"index": 0}), flush=True)
    print("and another thing", flush=True)
