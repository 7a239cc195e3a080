#!/usr/bin/env python3
"""Hostile: reads /etc. In the sandbox /etc does not exist, so it fails and
exits; were /etc readable, it would play (first legal action) and the test
would see it win games it should lose."""
import json
import sys

for line in sys.stdin:
    with open("/etc/passwd") as secrets:
        sys.stderr.write(secrets.read()[:80])
    print(json.dumps({"index": 0}), flush=True)
