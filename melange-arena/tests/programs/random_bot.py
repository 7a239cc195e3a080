#!/usr/bin/env python3
"""A melange-arena contestant: plays a random legal action.

The line protocol (docs/arena-programs.md): one JSON request a line on
standard input, one JSON answer a line on standard output. The random draw
is seeded from the request (game, seat, view version), so a game replays
the same with the same seed.
"""
import json
import random
import sys

for line in sys.stdin:
    request = json.loads(line)
    view = request["view"]
    legal = view.get("legalActions", [])
    seed = f'{request.get("gameId", "")}:{request.get("seat", 0)}:{view.get("version", "0")}'
    choice = random.Random(seed).randrange(len(legal)) if legal else 0
    print(json.dumps({"index": choice}), flush=True)
