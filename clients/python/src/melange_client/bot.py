"""Remote bots in Python (MC-BOT-01): `serve(decide, port)` runs a
`BotService` server that answers the melange server's `Decide` calls.

    from melange_client import bot

    def decide(request):          # a bot.pb.DecideRequest
        return request.view.legal_actions[0]

    server = bot.serve(decide, port=50061)
    server.wait_for_termination()

A game then names the bot as `SeatConfig.bot = "http://HOST:50061"`, and
the melange server must allow `HOST:50061` with `--allow-bot-endpoint`.
`decide` gets the game id, the seat, that seat's view (with its legal
actions), `time_left_ms` and `observer_token` (a read-only token: as the
bearer token of `Client.seat(game_id, seat, token).view()` it reads the
seat's view; it never acts). It returns a `LegalAction` or an `Action`.
An exception, an illegal action or an answer after `time_left_ms` is
handled as the game's clock options say, or as a forfeit (MC-BOT-02).
"""
from __future__ import annotations

from collections.abc import Callable
from concurrent import futures
from typing import Union

import grpc

from .pb import bot_pb2 as pb, bot_pb2_grpc, game_service_pb2

Decide = Callable[[pb.DecideRequest], Union[game_service_pb2.Action, game_service_pb2.LegalAction]]


class _Servicer(bot_pb2_grpc.BotServiceServicer):
    def __init__(self, decide: Decide):
        self._decide = decide

    def Decide(self, request: pb.DecideRequest, context: grpc.ServicerContext) -> pb.DecideResponse:
        action = self._decide(request)
        if isinstance(action, game_service_pb2.LegalAction):
            action = action.action
        return pb.DecideResponse(action=action)


def serve(decide: Decide, port: int, host: str = "127.0.0.1", workers: int = 4) -> grpc.Server:
    """Starts a BotService server on `host:port` that answers every
    `Decide` with `decide(request)`; returns the started server (call
    `stop(grace)` to end it). Port 0 picks a free port: read it back from
    the returned server's `port` attribute."""
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=workers))
    bot_pb2_grpc.add_BotServiceServicer_to_server(_Servicer(decide), server)
    bound = server.add_insecure_port(f"{host}:{port}")
    if bound == 0:
        raise OSError(f"cannot listen on {host}:{port}")
    server.start()
    server.port = bound  # type: ignore[attr-defined]
    return server
