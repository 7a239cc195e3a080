"""The client class's guarantees against the real server: the bearer token,
the version guard, errors as the server words them, and streams that resume
from the last version seen when the connection breaks."""
from __future__ import annotations

import re
import socket
import threading

import grpc
import pytest

from conftest import start_server, stop_server
from melange_client import (
    FINISHED,
    Client,
    StaleVersion,
    arrakis_options,
    imperium_options,
    imperium_pb2,
    pb,
)
from melange_client.client import _target


def test_apply_guards_with_the_last_version_seen(client):
    game = client.create_game("imperium", seed=42, options=imperium_options(2))
    seat = game.seat(game.view.to_act[0])
    view = seat.view()
    assert seat.version == view.version == 0
    response = seat.apply(view.legal_actions[0])  # expected_version from the view
    assert response.version >= 1 and seat.version == response.version
    assert response.view.version == response.version and response.view.seat == seat.seat


def test_a_stale_version_is_refused_with_the_current_one(client):
    game = client.create_game("imperium", seed=42, options=imperium_options(2))
    seat = game.seat(game.view.to_act[0])
    view = seat.view()
    with pytest.raises(StaleVersion) as refused:
        seat.apply(view.legal_actions[0], expected_version=view.version + 3)
    assert refused.value.current_version == view.version
    assert isinstance(refused.value.__cause__, grpc.RpcError)
    assert refused.value.__cause__.code() == grpc.StatusCode.ABORTED
    # A rejected call never changes the game.
    assert seat.view().version == view.version


def test_tokens_are_required_and_checked(client):
    game = client.create_game("imperium", seed=42, options=imperium_options(2))
    other = game.seat(1)
    impostor = client.seat(game.id, 0, other._metadata[0][1].removeprefix("Bearer "))
    with pytest.raises(grpc.RpcError) as denied:
        impostor.view()
    assert denied.value.code() == grpc.StatusCode.PERMISSION_DENIED
    anonymous = client.seat(game.id, 0, "")
    with pytest.raises(grpc.RpcError) as unauthenticated:
        anonymous.view()
    assert unauthenticated.value.code() == grpc.StatusCode.UNAUTHENTICATED
    assert game.seat(0).view().seat == 0


def test_bot_seats_have_no_token(client):
    game = client.create_game("war-for-arrakis", seed=1, options=arrakis_options(), seats=["random"])
    assert game.human_seats() == [1]
    with pytest.raises(ValueError):
        game.seat(0)


def test_an_illegal_action_names_the_rule(client):
    game = client.create_game("imperium", seed=42, options=imperium_options(2))
    acting = game.seat(game.view.to_act[0])
    waiting = game.seat(next(n for n in game.human_seats() if n != acting.seat))
    legal = acting.view().legal_actions[0]
    with pytest.raises(grpc.RpcError) as not_yours:
        waiting.apply(legal, expected_version=0)
    assert not_yours.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert "turn" in not_yours.value.details()
    send = imperium_pb2.ImperiumAction.SendAgent(card="dagger", space="arrakeen")
    with pytest.raises(grpc.RpcError) as illegal:
        acting.apply(pb.Action(imperium=imperium_pb2.ImperiumAction(send_agent=send)))
    assert illegal.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert re.match(r"IM-[A-Z]+-\d+: ", illegal.value.details())
    assert acting.apply(legal).version == 1


def test_unknown_kind_is_refused_before_any_call(client):
    with pytest.raises(ValueError, match="war-for-arrakis, imperium"):
        client.create_game("chess")


def test_every_spelling_of_a_kind_and_an_address_means_the_same(server):
    # Issue 31: "war-for-arrakis" as the binaries spell it, the kit's older
    # "war_for_arrakis", and a server's address with or without http://.
    for address in (server, f"http://{server}", f"HTTP://{server}/"):
        with Client(address) as client:
            for kind in ("war-for-arrakis", "war_for_arrakis", "War_For_Arrakis", "arrakis"):
                game = client.create_game(kind, seed=1, options=arrakis_options(), seats=["random"])
                assert game.view.kind == pb.GAME_KIND_WAR_FOR_ARRAKIS
    # https:// is TLS with the system's roots; another scheme is refused,
    # as is http:// with credentials.
    target, credentials = _target(f"https://{server}", None)
    assert target == server and credentials is not None
    with pytest.raises(ValueError, match="unknown scheme"):
        Client(f"grpc://{server}")
    with pytest.raises(ValueError, match="without TLS"):
        Client(f"http://{server}", credentials=grpc.ssl_channel_credentials())


class CuttingProxy:
    """A loopback TCP proxy to the server whose open connections the test can
    cut at any moment (new connections are still accepted)."""

    def __init__(self, target: str):
        host, port = target.rsplit(":", 1)
        self.target = (host, int(port))
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.address = f"127.0.0.1:{self.listener.getsockname()[1]}"
        self.lock = threading.Lock()
        self.sockets: list[socket.socket] = []
        self.cuts = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                downstream, _ = self.listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(self.target)
            with self.lock:
                self.sockets += [downstream, upstream]
            for source, sink in ((downstream, upstream), (upstream, downstream)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket):
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for sock in (source, sink):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def cut(self):
        with self.lock:
            sockets, self.sockets = self.sockets, []
            self.cuts += 1
        for sock in sockets:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()

    def close(self):
        self.listener.close()
        self.cut()


def test_a_broken_stream_resumes_from_the_last_version(server, client):
    """A spectator follows a game the built-in bots play, through a proxy
    that drops the connection every 500 updates: the stream reconnects with
    from_version = the last version it yielded, so the versions it yields are
    exactly 1..N, each once."""
    game = client.create_game(
        "war-for-arrakis", seed=2, options=arrakis_options(), seats=["random", "random"]
    )
    proxy = CuttingProxy(server)
    reconnects = []
    try:
        with Client(proxy.address, options=[("grpc.initial_reconnect_backoff_ms", 50)]) as watcher:
            versions = []
            for update in watcher.spectator(game.id).stream(from_version=0, on_reconnect=reconnects.append):
                versions.append(update.version)
                if len(versions) % 500 == 0 and proxy.cuts < 4:
                    proxy.cut()
            final = update.view
    finally:
        proxy.close()
    assert final.status == FINISHED
    assert versions == list(range(1, final.version + 1))
    assert len(reconnects) >= 1
    # Each reconnection resumed after an update it had yielded.
    assert reconnects == sorted(set(reconnects)) and set(reconnects) <= set(versions)


def test_stream_from_a_version_beyond_the_game_is_out_of_range(client):
    game = client.create_game("imperium", seed=3, options=imperium_options(4))
    with pytest.raises(grpc.RpcError) as refused:
        next(client.spectator(game.id).stream(from_version=game.view.version + 10))
    assert refused.value.code() == grpc.StatusCode.OUT_OF_RANGE


def test_list_games_shows_a_new_game_without_tokens(client):
    game = client.create_game("imperium", seed=8, options=imperium_options(3))
    listed = client.list_games(kind=pb.GAME_KIND_IMPERIUM, page_size=500)
    summary = next(summary for summary in listed.games if summary.game_id == game.id)
    assert summary.status == pb.GAME_STATUS_IN_PROGRESS
    assert summary.seed_chosen_by_creator
    assert [grant.seat for grant in summary.seats] == [0, 1, 2]
    assert all(not grant.token for grant in summary.seats)


def test_a_server_shutdown_ends_the_stream_with_unavailable_and_the_client_retries():
    """SIGTERM ends open streams with UNAVAILABLE: the stream retries from
    the last version it yielded, and re-raises UNAVAILABLE once no server
    has answered for `reconnect_for` seconds (this server keeps its games in
    memory, so nothing can answer here)."""
    process, address, log = start_server()
    try:
        with Client(address, options=[("grpc.initial_reconnect_backoff_ms", 50)]) as own:
            game = own.create_game("imperium", seed=9, options=imperium_options(2))
            acting = game.seat(game.view.to_act[0])
            acting.apply(acting.view().legal_actions[0])
            watcher = own.spectator(game.id)
            retries = []
            updates = watcher.stream(from_version=0, reconnect_for=1.0, on_reconnect=retries.append)
            first = next(updates)
            assert first.version == 1
            process.terminate()
            with pytest.raises(grpc.RpcError) as ended:
                for _ in updates:
                    pass
            assert ended.value.code() == grpc.StatusCode.UNAVAILABLE
            assert retries and set(retries) == {1}
    finally:
        stop_server(process)
        log.unlink(missing_ok=True)


def test_simulate_plays_ahead_on_samples_and_never_changes_the_game(client):
    game = client.create_game("imperium", seed=42, options=imperium_options(2))
    seat = game.seat(game.view.to_act[0])
    view = seat.view()
    first = view.legal_actions[0]
    simulated = seat.simulate([first], seed=7, samples=3, playout_steps=5)
    assert simulated.version == view.version and len(simulated.samples) == 3
    for sample in simulated.samples:
        assert sample.applied == 1 and sample.refusal == ""
        assert sample.view.seat == seat.seat
        assert sample.view.version == view.version + 1 + sample.played
    # Same seed, same samples; the game is where it was.
    assert seat.simulate([first], seed=7, samples=3, playout_steps=5) == simulated
    assert seat.view() == view
    with pytest.raises(grpc.RpcError) as too_many:
        seat.simulate(samples=65)
    assert too_many.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "MC-SIM-05" in too_many.value.details()
