"""Plays one seat of a melange game with uniformly random legal actions.

Creates a game whose other seats the server's random bots play, or joins a
seat of an existing game with --game, --seat and --token."""
import argparse
import random

from melange_client import Client, arrakis_options, imperium_options

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--server", default="http://127.0.0.1:50051", help="host:port or http://host:port")
parser.add_argument("--kind", default="imperium", help="imperium or war-for-arrakis")
parser.add_argument("--game"), parser.add_argument("--token")
parser.add_argument("--seat", type=int, default=0)
args = parser.parse_args()

with Client(args.server) as client:
    if args.game:
        seat = client.seat(args.game, args.seat, args.token)
    else:
        options = imperium_options(4) if args.kind == "imperium" else arrakis_options()
        bots = ["random"] * (4 if args.kind == "imperium" else 2)
        bots[args.seat] = None
        game = client.create_game(args.kind, options=options, seats=bots)
        print(f"created {args.kind} game {game.id}; playing seat {args.seat}")
        seat = game.seat(args.seat)
    final = seat.play(lambda view: random.choice(view.legal_actions))
    print(f"over at version {final.version}: {final.result.reason}")
    print(f"ranking {list(final.result.ranking)}, winners {list(final.result.winners)}")
