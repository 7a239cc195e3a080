#!/usr/bin/env python3
"""Hostile: connects to the melange server (its port is the argument) or,
without one, to a public address. The sandbox has no network, so the
connection fails and it exits; were it to connect, it would play on."""
import json
import socket
import sys

port = int(sys.argv[1]) if len(sys.argv) > 1 else 53
host = "127.0.0.1" if len(sys.argv) > 1 else "1.1.1.1"
for line in sys.stdin:
    socket.create_connection((host, port), timeout=2).close()
    print(json.dumps({"index": 0}), flush=True)
