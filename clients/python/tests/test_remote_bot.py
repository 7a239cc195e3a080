"""A remote bot written in Python (issue 16, MC-BOT-01..03) plays a whole
game through the protocol against the release server, started with
--allow-bot-endpoint for the bot's port; a bot seeded from its view (README
"A deterministic bot") plays the same seed into the same game twice; and
`Seat.concede` (MC-RESIGN-01).
"""
from __future__ import annotations

import random
import threading
import time

import grpc
import pytest

from conftest import free_port, start_server, stop_server
from melange_client import FINISHED, Client, bot, imperium_options, pb


@pytest.fixture
def bot_server():
    """A Python bot on a free port: it plays each view's first legal
    action, and checks with its read-only token that it reads its seat."""
    port = free_port()
    asked = []
    lock = threading.Lock()
    state = {}

    def decide(request):
        with lock:
            asked.append(request)
            first = len(asked) == 1
        try:
            assert request.view.seat == request.seat, "its own seat's view only"
            assert request.time_left_ms > 0
            if first:
                with Client(state["address"]) as reader:
                    seen = reader.seat(request.game_id, request.seat, request.observer_token).view()
                    assert seen.seat == request.seat
        except Exception as error:  # reported by the test, not lost in gRPC
            state.setdefault("errors", []).append(repr(error))
            raise
        return request.view.legal_actions[0], f"move {len(asked)}"

    def on_notice(notice):
        with lock:
            state.setdefault("notices", []).append(notice)

    server = bot.serve(decide, port, on_notice=on_notice)
    yield port, asked, state
    server.stop(0)


def test_a_python_remote_bot_plays_a_whole_game(bot_server):
    port, asked, state = bot_server
    process, address, log = start_server("--allow-bot-endpoint", f"127.0.0.1:{port}")
    state["address"] = address
    try:
        with Client(address) as client:
            endpoint = f"http://127.0.0.1:{port}"
            game = client.create_game(
                "imperium", seed=5, options=imperium_options(2), seats=[endpoint, "random"]
            )
            assert game.human_seats() == []
            assert game.response.seats[0].bot == endpoint
            spectator = client.spectator(game.id)
            deadline = time.monotonic() + 240
            view = spectator.view()
            while view.status != FINISHED:
                assert time.monotonic() < deadline, "the game did not finish"
                time.sleep(0.05)
                view = spectator.view()
            assert state.get("errors", []) == []
            replay = client.replay(game.id)
            bot_moves = [action for action in replay.actions if action.seat == 0]
            assert len(bot_moves) == len(asked) > 0, "one Decide per move of the bot's seat"
            assert all(request.seat == 0 and request.game_id == game.id for request in asked)
            # MC-NOTE-01: its notes are in the replay; MC-BOT-04: it was
            # told of the game's start and end.
            assert [action.note for action in bot_moves] == [f"move {n}" for n in range(1, len(bot_moves) + 1)]
            deadline = time.monotonic() + 5
            while len(state.get("notices", [])) < 2 and time.monotonic() < deadline:
                time.sleep(0.02)
            notices = state.get("notices", [])
            assert [n.notice for n in notices] == [bot.pb.NOTICE_KIND_STARTED, bot.pb.NOTICE_KIND_ENDED]
            assert notices[1].result.ranking == view.result.ranking
            # Not allowed: any other endpoint is refused.
            with pytest.raises(grpc.RpcError) as refused:
                client.create_game("imperium", options=imperium_options(2), seats=["http://127.0.0.1:1", "random"])
            assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    finally:
        stop_server(process)
        log.unlink(missing_ok=True)


BOT_SEED = "test-remote-bot-v1"


def decision_random(view) -> random.Random:
    """The README's deterministic bot: seeded by the decision, never by the
    game id, the clocks or the time."""
    labels = "\n".join(legal.label for legal in view.legal_actions)
    return random.Random(f"{BOT_SEED}|{view.seat}|{view.version}|{labels}")


def test_a_bot_seeded_from_its_view_replays_the_same_game():
    port = free_port()
    server = bot.serve(lambda request: decision_random(request.view).choice(request.view.legal_actions), port)
    process, address, log = start_server("--allow-bot-endpoint", f"127.0.0.1:{port}")
    try:
        with Client(address) as client:
            replays = []
            for _ in range(2):
                game = client.create_game(
                    "imperium", seed=11, options=imperium_options(2),
                    seats=["random", f"http://127.0.0.1:{port}"],
                )
                spectator = client.spectator(game.id)
                deadline = time.monotonic() + 240
                while spectator.view().status != FINISHED:
                    assert time.monotonic() < deadline, "the game did not finish"
                    time.sleep(0.05)
                replays.append(client.replay(game.id))
            assert replays[0].game_id != replays[1].game_id, "each game has its own id"
            assert any(action.seat == 1 for action in replays[0].actions)
            assert [a.SerializeToString() for a in replays[0].actions] == [
                a.SerializeToString() for a in replays[1].actions
            ]
    finally:
        stop_server(process)
        server.stop(0)
        log.unlink(missing_ok=True)


def test_a_seat_concedes(client):
    game = client.create_game("imperium", seed=9, options=imperium_options(4), seats=["random", None, "random", "random"])
    response = game.seat(1).concede()
    assert response.view.status == FINISHED
    assert list(response.view.result.ranking)[-1] == 1
    with pytest.raises(grpc.RpcError) as again:
        game.seat(1).concede()
    assert again.value.code() == grpc.StatusCode.FAILED_PRECONDITION
