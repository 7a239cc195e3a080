"""Python client kit for the melange game server.

    from melange_client import Client
    with Client("127.0.0.1:50051") as client:
        game = client.create_game("imperium", seats=[None, "random", "random", "random"])
        final = game.seat(0).play(lambda view: view.legal_actions[0])

`melange_client.bot.serve(decide, port)` runs a remote bot (see bot.py).

`pb`, `arrakis_pb2` and `imperium_pb2` are the messages generated from the
repository's proto/melange/v1 (see generate.py).
"""
from .client import (
    FINISHED,
    IN_PROGRESS,
    Client,
    Game,
    Seat,
    StaleVersion,
    arrakis_options,
    event_kind,
    imperium_options,
)
from .pb import arrakis_pb2, game_service_pb2 as pb, imperium_pb2

__all__ = [
    "FINISHED",
    "IN_PROGRESS",
    "Client",
    "Game",
    "Seat",
    "StaleVersion",
    "arrakis_options",
    "arrakis_pb2",
    "event_kind",
    "imperium_options",
    "imperium_pb2",
    "pb",
]
