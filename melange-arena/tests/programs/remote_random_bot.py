#!/usr/bin/env python3
"""random_bot.py as a remote bot (the gRPC contract, through the Python
client kit in clients/python), for comparing a hosted program with the same
bot as a service: `remote_random_bot.py PORT`.
"""
import random
import sys

from melange_client import bot


def decide(request):
    legal = request.view.legal_actions
    seed = f"{request.game_id}:{request.seat}:{request.view.version}"
    return legal[random.Random(seed).randrange(len(legal))]


if __name__ == "__main__":
    server = bot.serve(decide, port=int(sys.argv[1]))
    server.wait_for_termination()
