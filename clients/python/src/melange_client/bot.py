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
seat's view; it never acts). It returns a `LegalAction` or an `Action`, or a pair `(action, note)`:
the note (at most 256 bytes, MC-NOTE-01) is kept in the game's replay for
you to read after the game, and shown to nobody while it runs.
An exception, an illegal action or an answer after `time_left_ms` is
handled as the game's clock options say, or as a forfeit (MC-BOT-02).

`on_notice`, if given, hears when each game the bot plays starts and ends
(a `bot.pb.NoticeRequest`, MC-BOT-04), to set up or free what the bot
keeps per game.
"""
from __future__ import annotations

from collections.abc import Callable
from concurrent import futures
from typing import Optional, Union

import grpc

from .pb import bot_pb2 as pb, bot_pb2_grpc, game_service_pb2

Choice = Union[game_service_pb2.Action, game_service_pb2.LegalAction]
Decide = Callable[[pb.DecideRequest], Union[Choice, tuple[Choice, str]]]
OnNotice = Callable[[pb.NoticeRequest], None]


class _Servicer(bot_pb2_grpc.BotServiceServicer):
    def __init__(self, decide: Decide, on_notice: Optional[OnNotice]):
        self._decide = decide
        self._on_notice = on_notice

    def Decide(self, request: pb.DecideRequest, context: grpc.ServicerContext) -> pb.DecideResponse:
        answer = self._decide(request)
        action, note = answer if isinstance(answer, tuple) else (answer, "")
        if isinstance(action, game_service_pb2.LegalAction):
            action = action.action
        return pb.DecideResponse(action=action, note=note)

    def Notice(self, request: pb.NoticeRequest, context: grpc.ServicerContext) -> pb.NoticeResponse:
        if self._on_notice is not None:
            self._on_notice(request)
        return pb.NoticeResponse()


def serve(
    decide: Decide,
    port: int,
    host: str = "127.0.0.1",
    workers: int = 4,
    on_notice: Optional[OnNotice] = None,
) -> grpc.Server:
    """Starts a BotService server on `host:port` that answers every
    `Decide` with `decide(request)` (and tells `on_notice` of each game's
    start and end); returns the started server (call `stop(grace)` to end
    it). Port 0 picks a free port: read it back from the returned server's
    `port` attribute."""
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=workers))
    bot_pb2_grpc.add_BotServiceServicer_to_server(_Servicer(decide, on_notice), server)
    bound = server.add_insecure_port(f"{host}:{port}")
    if bound == 0:
        raise OSError(f"cannot listen on {host}:{port}")
    server.start()
    server.port = bound  # type: ignore[attr-defined]
    return server
