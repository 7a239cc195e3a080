"""A small client for the melange game server.

`Client` owns one gRPC channel. `Client.create_game` returns a `Game` that
keeps the seats' secret tokens; `Game.seat(n)` (or `Client.seat` with a token
you were given) returns a `Seat`, which sends the bearer token on every call,
remembers the last version it saw and uses it as `expected_version`, and
streams the game with automatic resume. Every call that names a game carries
it in the `x-melange-game` metadata, which a proxy in front of a fleet of
servers routes by.
"""
from __future__ import annotations

import collections
import dataclasses
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Optional, Union

import grpc

from .pb import arrakis_pb2, game_service_pb2 as pb, game_service_pb2_grpc, imperium_pb2

IN_PROGRESS = pb.GAME_STATUS_IN_PROGRESS
FINISHED = pb.GAME_STATUS_FINISHED

# Game kinds by name: "war-for-arrakis" as the binaries spell it; the
# kit's older "war_for_arrakis" (any "_" reads as "-") and "arrakis" mean
# the same.
_KINDS = {
    "imperium": pb.GAME_KIND_IMPERIUM,
    "war-for-arrakis": pb.GAME_KIND_WAR_FOR_ARRAKIS,
    "arrakis": pb.GAME_KIND_WAR_FOR_ARRAKIS,
}

# The metadata naming the game of a call: a proxy in front of a fleet of
# servers hashes it, so that every call of one game reaches the server that
# holds it (deploy/README.md). The calls whose request names a game:
GAME_HEADER = "x-melange-game"
_GAME_CALLS = frozenset(
    f"/melange.v1.GameService/{name}"
    for name in ("GetView", "ApplyAction", "StreamGame", "GetReplay", "Concede", "Simulate")
)

ActionLike = Union[pb.Action, pb.LegalAction]
Chooser = Callable[[pb.View], ActionLike]


class StaleVersion(Exception):
    """ApplyAction was refused with ABORTED: the game is no longer at the
    version the seat sent. `current_version` is the server's version (from the
    `x-melange-version` trailer), or None if the server did not say."""

    def __init__(self, message: str, current_version: Optional[int]):
        super().__init__(message)
        self.current_version = current_version


def imperium_options(players: int = 4, **fields) -> pb.GameOptions:
    """GameOptions for a Dune: Imperium game of `players` seats (1-4)."""
    return pb.GameOptions(imperium=imperium_pb2.ImperiumOptions(player_count=players, **fields))


def arrakis_options(desert_war: bool = False, smugglers: bool = False) -> pb.GameOptions:
    """GameOptions for a War for Arrakis game, with either expansion."""
    return pb.GameOptions(
        arrakis=arrakis_pb2.ArrakisOptions(desert_war=desert_war, smugglers=smugglers)
    )


def event_kind(event: pb.Event) -> str:
    """An event's kind: the case set in its game's `kind` oneof, as the proto
    names it ("round_started", "smugglers_die_used"), whose message holds the
    event's fields: `getattr(event.arrakis, event_kind(event))`. "" for an
    event of no game the kit knows. `event.text` says it in words."""
    game = event.WhichOneof("game")
    if game not in ("arrakis", "imperium"):
        return ""
    return getattr(event, game).WhichOneof("kind") or ""


def _kind(kind: Union[str, int]) -> int:
    if isinstance(kind, str):
        try:
            return _KINDS[kind.strip().lower().replace("_", "-")]
        except KeyError:
            raise ValueError(f"unknown game kind {kind!r}; one of war-for-arrakis, imperium") from None
    return int(kind)


def _seat_config(seat: Union[None, str, pb.SeatConfig]) -> pb.SeatConfig:
    if seat is None:
        return pb.SeatConfig()
    if isinstance(seat, str):
        return pb.SeatConfig(bot=seat)
    return seat


def _trailer_version(error: grpc.RpcError) -> Optional[int]:
    trailers = error.trailing_metadata() if hasattr(error, "trailing_metadata") else None
    for key, value in trailers or ():
        if key == "x-melange-version":
            try:
                return int(value)
            except ValueError:
                return None
    return None


class _CallDetails(
    collections.namedtuple(
        "_CallDetails", ("method", "timeout", "metadata", "credentials", "wait_for_ready", "compression")
    ),
    grpc.ClientCallDetails,
):
    pass


class _GameHeader(grpc.UnaryUnaryClientInterceptor, grpc.UnaryStreamClientInterceptor):
    """Adds `x-melange-game: <game_id>` to every call that names a game,
    whoever makes it (the kit's classes or `Client.stub` directly)."""

    @staticmethod
    def _details(details: grpc.ClientCallDetails, request) -> grpc.ClientCallDetails:
        game_id = getattr(request, "game_id", "") if details.method in _GAME_CALLS else ""
        if not game_id:
            return details
        metadata = [(key, value) for key, value in (details.metadata or ()) if key != GAME_HEADER]
        metadata.append((GAME_HEADER, game_id))
        return _CallDetails(
            details.method,
            details.timeout,
            metadata,
            details.credentials,
            getattr(details, "wait_for_ready", None),
            getattr(details, "compression", None),
        )

    def intercept_unary_unary(self, continuation, client_call_details, request):
        return continuation(self._details(client_call_details, request), request)

    def intercept_unary_stream(self, continuation, client_call_details, request):
        return continuation(self._details(client_call_details, request), request)


def _target(address: str, credentials: Optional[grpc.ChannelCredentials]):
    """`host:port` and the credentials for a server's address, which may be
    `host:port`, `http://host:port` or `https://host:port` (TLS, checked
    against the system's root certificates unless `credentials` say
    otherwise), as the other kits and the binaries take it."""
    scheme, found, rest = address.strip().partition("://")
    if not found:
        return address.strip(), credentials
    rest = rest.rstrip("/")
    if scheme.lower() == "http":
        if credentials is not None:
            raise ValueError(f"{address}: http:// is without TLS, but credentials were given; use https://")
        return rest, None
    if scheme.lower() == "https":
        return rest, credentials if credentials is not None else grpc.ssl_channel_credentials()
    raise ValueError(f"{address}: unknown scheme {scheme!r}; give host:port, http://host:port or https://host:port")


class Client:
    """One connection to a melange server.

    `target` is the server's address: `host:port` or `http://host:port`
    (plaintext), or `https://host:port` (TLS, with the system's root
    certificates). Pass `credentials` (from `grpc.ssl_channel_credentials`)
    for a server whose certificate those roots do not check.
    """

    def __init__(
        self,
        target: str = "http://127.0.0.1:50051",
        *,
        credentials: Optional[grpc.ChannelCredentials] = None,
        timeout: float = 30.0,
        options: Sequence[tuple] = (),
    ):
        options = [("grpc.max_receive_message_length", 16 * 1024 * 1024), *options]
        target, credentials = _target(target, credentials)
        if credentials is None:
            self.channel = grpc.insecure_channel(target, options=options)
        else:
            self.channel = grpc.secure_channel(target, credentials, options=options)
        self.stub = game_service_pb2_grpc.GameServiceStub(
            grpc.intercept_channel(self.channel, _GameHeader())
        )
        self.timeout = timeout

    def close(self) -> None:
        self.channel.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def wait_ready(self, timeout: float = 10.0) -> None:
        """Blocks until the channel is connected (raises on timeout)."""
        grpc.channel_ready_future(self.channel).result(timeout=timeout)

    def create_game(
        self,
        kind: Union[str, int],
        *,
        seed: Optional[int] = None,
        options: Optional[pb.GameOptions] = None,
        seats: Sequence[Union[None, str, pb.SeatConfig]] = (),
    ) -> "Game":
        """Creates a game. `kind` is "imperium" or "war-for-arrakis" (or a
        GameKind value; "war_for_arrakis" is accepted too). `seats` lists the
        seats in order: None for a seat you play (it gets a token), a bot name
        such as "random" for a seat the server plays, or a SeatConfig; seats
        not listed are yours."""
        request = pb.CreateGameRequest(
            kind=_kind(kind), options=options, seats=[_seat_config(s) for s in seats]
        )
        if seed is not None:
            request.seed = seed
        response = self.stub.CreateGame(request, timeout=self.timeout)
        return Game(self, response)

    def seat(self, game_id: str, seat: int, token: str) -> "Seat":
        """A seat of an existing game, with its secret token."""
        return Seat(self, game_id, seat, token)

    def spectator(self, game_id: str) -> "Seat":
        """The public view of a game: views and streams, no actions."""
        return Seat(self, game_id, None, None)

    def list_games(self, **fields) -> pb.ListGamesResponse:
        return self.stub.ListGames(pb.ListGamesRequest(**fields), timeout=self.timeout)

    def replay(self, game_id: str, admin_token: Optional[str] = None) -> pb.Replay:
        """The whole replay of a game, its pages joined into one message."""
        metadata = (("authorization", f"Bearer {admin_token}"),) if admin_token else None
        whole: Optional[pb.Replay] = None
        token = ""
        while True:
            page = self.stub.GetReplay(
                pb.GetReplayRequest(game_id=game_id, page_token=token),
                timeout=self.timeout,
                metadata=metadata,
            )
            if whole is None:
                whole = page
            else:
                whole.actions.extend(page.actions)
            token = page.next_page_token
            if not token:
                whole.next_page_token = ""
                return whole


@dataclasses.dataclass
class Game:
    """A game this client created: its id, seed and seats (with tokens)."""

    client: Client
    response: pb.CreateGameResponse

    @property
    def id(self) -> str:
        return self.response.game_id

    @property
    def view(self) -> pb.View:
        """The spectator view at creation."""
        return self.response.view

    def human_seats(self) -> list[int]:
        return [grant.seat for grant in self.response.seats if grant.token]

    def seat(self, seat: int) -> "Seat":
        """The seat `seat`, with the token CreateGame returned for it."""
        grant = self.response.seats[seat]
        if not grant.token:
            raise ValueError(f"seat {seat} is played by the bot {grant.bot!r}")
        return Seat(self.client, self.id, seat, grant.token)


class Seat:
    """One seat of one game (or, with `seat` None, a spectator).

    `version` is the last version this seat saw (from a view, an applied
    action or a streamed update); `apply` sends it as `expected_version`.
    """

    def __init__(self, client: Client, game_id: str, seat: Optional[int], token: Optional[str]):
        self.client = client
        self.game_id = game_id
        self.seat = seat
        self.version: Optional[int] = None
        self._metadata = (("authorization", f"Bearer {token}"),) if token else None
        self._lock = threading.Lock()
        self._stopped = False
        self._calls: set = set()

    def stop(self) -> None:
        """Ends this seat's streams and `play` (from any thread): a stream
        returns, `play` returns its last view. The seat can't stream again."""
        with self._lock:
            self._stopped = True
            calls = list(self._calls)
        for call in calls:
            call.cancel()

    @property
    def stopped(self) -> bool:
        return self._stopped

    def _saw(self, version: int) -> None:
        if self.version is None or version > self.version:
            self.version = version

    def view(self) -> pb.View:
        request = pb.GetViewRequest(game_id=self.game_id)
        if self.seat is not None:
            request.seat = self.seat
        view = self.client.stub.GetView(
            request, timeout=self.client.timeout, metadata=self._metadata
        )
        self._saw(view.version)
        return view

    def apply(self, action: ActionLike, expected_version: Optional[int] = None) -> pb.ApplyActionResponse:
        """Applies one action, guarded by `expected_version` (default: the
        last version this seat saw). A stale version raises StaleVersion; any
        other refusal raises grpc.RpcError with the server's code and message
        (the message names the rule for an illegal action)."""
        if self.seat is None:
            raise ValueError("a spectator cannot act")
        if isinstance(action, pb.LegalAction):
            action = action.action
        if expected_version is None:
            if self.version is None:
                self.view()
            expected_version = self.version
        request = pb.ApplyActionRequest(
            game_id=self.game_id, seat=self.seat, expected_version=expected_version, action=action
        )
        try:
            response = self.client.stub.ApplyAction(
                request, timeout=self.client.timeout, metadata=self._metadata
            )
        except grpc.RpcError as error:
            if error.code() == grpc.StatusCode.ABORTED:
                current = _trailer_version(error)
                if current is not None:
                    self._saw(current)
                raise StaleVersion(error.details() or "stale version", current) from error
            raise
        self._saw(response.version)
        return response

    def concede(self) -> pb.ConcedeResponse:
        """Resigns this seat (MC-RESIGN-01), whoever is to act: the game ends
        with this seat ranked last. A finished game raises grpc.RpcError
        (FAILED_PRECONDITION)."""
        if self.seat is None:
            raise ValueError("a spectator cannot concede")
        request = pb.ConcedeRequest(game_id=self.game_id, seat=self.seat)
        response = self.client.stub.Concede(
            request, timeout=self.client.timeout, metadata=self._metadata
        )
        self._saw(response.version)
        return response

    def simulate(
        self,
        actions: Sequence[ActionLike] = (),
        *,
        seed: int = 0,
        samples: int = 1,
        playout_steps: int = 0,
    ) -> pb.SimulateResponse:
        """The forward model: `samples` states drawn from what this seat
        sees (the rest sampled from `seed`), each with `actions` played in
        order by whoever is to act, then up to `playout_steps` random moves;
        returns this seat's view of each (rules MC-SIM-01, MC-SIM-04 and MC-SIM-05). The
        game itself never changes. An action a sample refuses is reported in
        that sample's `refusal`, not raised; bounds (at most 64 samples and
        200,000 steps a call) raise grpc.RpcError."""
        if self.seat is None:
            raise ValueError("a spectator cannot simulate")
        request = pb.SimulateRequest(
            game_id=self.game_id,
            seat=self.seat,
            actions=[a.action if isinstance(a, pb.LegalAction) else a for a in actions],
            sampling_seed=seed,
            samples=samples,
            playout_steps=playout_steps,
        )
        return self.client.stub.Simulate(request, timeout=self.client.timeout, metadata=self._metadata)

    def stream(
        self,
        from_version: Optional[int] = None,
        *,
        reconnect_for: float = 30.0,
        on_reconnect: Optional[Callable[[int], None]] = None,
    ) -> Iterator[pb.GameUpdate]:
        """Every update after `from_version` (default: the last version this
        seat saw, or 0), then live updates until the game ends.

        When the stream breaks with UNAVAILABLE (the server shut down or the
        connection dropped) it reconnects with `from_version` = the last
        version it yielded, so no update is lost or repeated; it gives up
        (re-raising) after `reconnect_for` seconds without a new connection.
        `on_reconnect(version)` is called before each reconnection. `stop()`
        (from another thread) ends it: the iterator returns."""
        last = from_version if from_version is not None else (self.version or 0)
        backoff = 0.05
        failing_since: Optional[float] = None
        while True:
            request = pb.StreamGameRequest(game_id=self.game_id, from_version=last)
            if self.seat is not None:
                request.seat = self.seat
            call = self.client.stub.StreamGame(request, metadata=self._metadata)
            with self._lock:
                if self._stopped:
                    call.cancel()
                    return
                self._calls.add(call)
            try:
                for update in call:
                    failing_since = None
                    backoff = 0.05
                    last = update.version
                    self._saw(last)
                    yield update
                return
            except grpc.RpcError as error:
                if self._stopped:
                    return
                if error.code() != grpc.StatusCode.UNAVAILABLE:
                    raise
                now = time.monotonic()
                if failing_since is None:
                    failing_since = now
                elif now - failing_since > reconnect_for:
                    raise
                if on_reconnect is not None:
                    on_reconnect(last)
                time.sleep(backoff)
                backoff = min(backoff * 2, 1.0)
            finally:
                with self._lock:
                    self._calls.discard(call)
                call.cancel()

    def play(self, choose: Chooser, *, max_actions: Optional[int] = None) -> pb.View:
        """Plays this seat until the game ends: on its turn it applies
        `choose(view)` (a LegalAction or an Action), otherwise it waits on the
        stream for the other seats. Returns the last view: the finished game's,
        unless `max_actions` actions were played first or `stop()` was called
        (from another thread; it also ends a wait on the other seats)."""
        view = self.view()
        updates: Optional[Iterator[pb.GameUpdate]] = None
        played = 0
        try:
            while view.status != FINISHED and not self._stopped:
                if self.seat in view.to_act and view.legal_actions:
                    if max_actions is not None and played >= max_actions:
                        break
                    view = self.apply(choose(view), expected_version=view.version).view
                    played += 1
                    continue
                if updates is None:
                    updates = self.stream(from_version=view.version)
                for update in updates:
                    if update.version > view.version:
                        view = update.view
                        break
                else:
                    updates = None
                    if not self._stopped:
                        view = self.view()
        finally:
            if updates is not None:
                updates.close()
        return view
