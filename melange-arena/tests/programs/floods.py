#!/usr/bin/env python3
"""Hostile: answers with an endless line. The arena reads at most 1 MiB of
a line, then ends it."""
import sys

for line in sys.stdin:
    while True:
        sys.stdout.write("x" * 65536)
