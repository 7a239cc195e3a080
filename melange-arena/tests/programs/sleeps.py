#!/usr/bin/env python3
"""Hostile: never answers. The arena waits up to the request's timeLeftMs,
then ends it as late."""
import sys
import time

for line in sys.stdin:
    time.sleep(3600)
