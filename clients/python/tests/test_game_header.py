"""Every call that names a game carries `x-melange-game: <game id>`, the
metadata a proxy in front of a fleet of servers routes by (deploy/README.md);
CreateGame and ListGames, which name none, carry no such header. A fake
GameService in this process records what each call received, since the
server does not read the header itself."""
from __future__ import annotations

import threading
from concurrent import futures

import grpc
import pytest

from conftest import free_port
from melange_client import Client, pb
from melange_client.pb import game_service_pb2_grpc

GAME = "g-4f1c"


class RecordingService(game_service_pb2_grpc.GameServiceServicer):
    """Answers every call with a small valid message and records the
    x-melange-game values (all of them) each method received."""

    def __init__(self):
        self.seen: dict[str, list[list[str]]] = {}
        self.lock = threading.Lock()

    def _record(self, method, context):
        values = [value for key, value in context.invocation_metadata() if key == "x-melange-game"]
        with self.lock:
            self.seen.setdefault(method, []).append(values)

    def CreateGame(self, request, context):
        self._record("CreateGame", context)
        return pb.CreateGameResponse(
            game_id=GAME,
            seats=[pb.SeatGrant(seat=0, token="t0"), pb.SeatGrant(seat=1, bot="random")],
            view=pb.View(game_id=GAME, version=0),
        )

    def GetView(self, request, context):
        self._record("GetView", context)
        return pb.View(game_id=request.game_id, version=3)

    def ApplyAction(self, request, context):
        self._record("ApplyAction", context)
        return pb.ApplyActionResponse(version=4)

    def StreamGame(self, request, context):
        self._record("StreamGame", context)
        yield pb.GameUpdate(version=5)

    def ListGames(self, request, context):
        self._record("ListGames", context)
        return pb.ListGamesResponse()

    def GetReplay(self, request, context):
        self._record("GetReplay", context)
        return pb.Replay(game_id=request.game_id)

    def Concede(self, request, context):
        self._record("Concede", context)
        return pb.ConcedeResponse(version=6)

    def Simulate(self, request, context):
        self._record("Simulate", context)
        return pb.SimulateResponse()


@pytest.fixture
def fake():
    service = RecordingService()
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
    game_service_pb2_grpc.add_GameServiceServicer_to_server(service, server)
    address = f"127.0.0.1:{free_port()}"
    server.add_insecure_port(address)
    server.start()
    yield service, address
    server.stop(grace=None)


def test_every_call_that_names_a_game_sends_its_id(fake):
    service, address = fake
    with Client(address, timeout=10) as client:
        game = client.create_game("imperium", seats=[None, "random"])
        client.list_games()
        seat = game.seat(0)
        seat.view()
        seat.apply(pb.Action(), expected_version=3)
        assert [update.version for update in seat.stream(from_version=0)] == [5]
        seat.simulate()
        seat.concede()
        client.spectator(GAME).view()
        client.replay(GAME)
        # A call made on the stub directly carries it too.
        client.stub.GetView(pb.GetViewRequest(game_id="other"), timeout=10)
    assert service.seen == {
        "CreateGame": [[]],
        "ListGames": [[]],
        "GetView": [[GAME], [GAME], ["other"]],
        "ApplyAction": [[GAME]],
        "StreamGame": [[GAME]],
        "Simulate": [[GAME]],
        "Concede": [[GAME]],
        "GetReplay": [[GAME]],
    }


def test_the_header_names_the_request_game_not_a_stale_one(fake):
    """A caller's own x-melange-game is replaced by the request's game id,
    so the proxy never routes a call to another game's server."""
    service, address = fake
    with Client(address, timeout=10) as client:
        client.stub.GetView(
            pb.GetViewRequest(game_id=GAME), timeout=10, metadata=(("x-melange-game", "wrong"),)
        )
        client.stub.GetView(pb.GetViewRequest(), timeout=10)  # no game id: no header
    assert service.seen["GetView"] == [[GAME], []]
