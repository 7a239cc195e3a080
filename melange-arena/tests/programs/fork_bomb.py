#!/usr/bin/env python3
"""Hostile: forks without end. The process limit stops it (fork fails and
it exits). Were there no limit, it would stop by itself at 2,000 children
(so a broken sandbox cannot take the machine) and then play on."""
import json
import os
import sys
import time

for line in sys.stdin:
    for _ in range(2000):
        if os.fork() == 0:
            time.sleep(30)
            os._exit(0)
    print(json.dumps({"index": 0}), flush=True)
