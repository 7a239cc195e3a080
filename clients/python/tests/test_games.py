"""Whole games of every kind and player count, played through the package
against the release server: every human seat plays uniformly random legal
actions in its own thread (Seat.play: apply on its turn, stream otherwise)
while a spectator streams the game from its first action, each event in its
typed form."""
from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Optional

import pytest

from melange_client import FINISHED, Game, arrakis_options, event_kind, imperium_options, pb


def play_out(
    client, game: Game, seed: int, cap: Optional[int] = None
) -> Optional[tuple[pb.View, dict[int, int], list[int]]]:
    """Plays every human seat of `game` to the end. Returns the final
    spectator view, the actions each human seat played and the versions
    the spectator's stream delivered; or None, every seat and the spectator
    stopped, once the game passes `cap` versions."""
    humans = game.human_seats()
    played = dict.fromkeys(humans, 0)
    seats = {number: game.seat(number) for number in humans}
    spectator = client.spectator(game.id)

    def stop_all() -> None:
        for seat in (*seats.values(), spectator):
            seat.stop()

    def play(seat_number: int) -> pb.View:
        rng = random.Random(seed * 10 + seat_number)

        def choose(view: pb.View) -> pb.LegalAction:
            if cap is not None and view.version >= cap:
                stop_all()
            played[seat_number] += 1
            return rng.choice(view.legal_actions)

        return seats[seat_number].play(choose)

    kinds: set[str] = set()

    def watch() -> list[int]:
        versions = []
        for update in spectator.stream(from_version=0):
            versions.append(update.version)
            for event in update.events:
                # Every event has its case, and its message the fields.
                kind = event_kind(event)
                assert kind and getattr(event, event.WhichOneof("game")).HasField(kind), event
                kinds.add(kind)
        return versions

    with ThreadPoolExecutor(len(humans) + 1) as pool:
        watcher = pool.submit(watch)
        finals = list(pool.map(play, humans))
        streamed = watcher.result(timeout=120)
    if spectator.stopped:
        return None
    assert "game_over" in kinds, kinds
    final = client.spectator(game.id).view()
    for view in finals:
        assert view.status == FINISHED
        assert view.version == final.version
        assert view.result == final.result
    return final, played, streamed


def play_whole(client, seeds: list[int], make: Callable[[int], Game], cap: int = 20_000):
    """War for Arrakis games are long-tailed (a few hundred to over 100,000
    decisions), and a rules change reshapes every seeded game: play `seeds`
    in turn until one finishes within `cap` versions, so that a whole game
    always finishes through the client in bounded time. Returns the game,
    its final view, each seat's action count and the streamed versions."""
    for seed in seeds:
        game = make(seed)
        outcome = play_out(client, game, seed, cap)
        if outcome is not None:
            return (game, *outcome)
    pytest.fail(f"no game of seeds {seeds} finished within {cap} versions")


def check_finished(client, game: Game, final: pb.View, played: dict[int, int], streamed: list[int], seats: int):
    assert final.status == FINISHED
    assert final.result.reason
    assert sorted(final.result.ranking) == list(range(seats))
    assert set(final.result.winners) <= set(range(seats))
    # The spectator saw every version once, in order, from the first action.
    assert streamed == list(range(1, final.version + 1))
    replay = client.replay(game.id)
    assert len(replay.actions) == final.version
    for seat, count in played.items():
        assert sum(1 for action in replay.actions if action.seat == seat) == count


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_imperium_every_seat_through_the_client(client, players):
    game = client.create_game("imperium", seed=1000 + players, options=imperium_options(players))
    assert game.human_seats() == list(range(players))
    final, played, streamed = play_out(client, game, seed=players)
    check_finished(client, game, final, played, streamed, players)
    # Rivals play inside ApplyAction: every version is a seat's action.
    assert sum(played.values()) == final.version
    assert final.HasField("imperium")


def test_imperium_with_built_in_bots(client):
    game = client.create_game(
        "imperium", seed=77, options=imperium_options(4), seats=["random", None, "random", "random"]
    )
    assert game.human_seats() == [1]
    final, played, streamed = play_out(client, game, seed=77)
    check_finished(client, game, final, played, streamed, 4)
    assert 0 < played[1] < final.version


# The first seed (for the server and the seats' choices) gave random games of
# a few thousand decisions when it was chosen; the others stand in if a rules
# change makes a game run past the cap (about three in four of these games
# end within 20,000 versions).
EXPANSIONS = {
    "core": {},
    "desert_war": {"desert_war": True},
    "smugglers": {"smugglers": True},
    "desert_war_and_smugglers": {"desert_war": True, "smugglers": True},
}
ARRAKIS_SEEDS = [2, 101, 102, 103, 104, 105, 106]


@pytest.mark.parametrize("expansions", list(EXPANSIONS))
def test_war_for_arrakis_both_seats_through_the_client(client, expansions):
    flags = EXPANSIONS[expansions]

    def make(seed: int) -> Game:
        game = client.create_game("war-for-arrakis", seed=seed, options=arrakis_options(**flags))
        assert [grant.plays for grant in game.response.seats] == ["harkonnen", "atreides"]
        start = game.view.arrakis
        assert start.HasField("desert_war") == flags.get("desert_war", False)
        assert start.HasField("smugglers") == flags.get("smugglers", False)
        return game

    game, final, played, streamed = play_whole(client, ARRAKIS_SEEDS, make)
    check_finished(client, game, final, played, streamed, 2)
    assert sum(played.values()) == final.version
    replay = client.replay(game.id)
    assert replay.options.arrakis.desert_war == flags.get("desert_war", False)
    assert replay.options.arrakis.smugglers == flags.get("smugglers", False)


def test_war_for_arrakis_against_the_built_in_bot(client):
    game, final, played, streamed = play_whole(
        client,
        [8, *ARRAKIS_SEEDS[1:]],
        lambda seed: client.create_game("war-for-arrakis", seed=seed, options=arrakis_options(), seats=["random"]),
    )
    assert game.human_seats() == [1]
    check_finished(client, game, final, played, streamed, 2)
    assert 0 < played[1] < final.version


def test_a_game_past_the_cap_is_given_up_with_every_stream_stopped(client):
    # Seed 1 of the Desert War runs about 50,000 decisions with these choices.
    game = client.create_game("war-for-arrakis", seed=1, options=arrakis_options(desert_war=True))
    assert play_out(client, game, seed=1, cap=300) is None
    view = client.spectator(game.id).view()
    assert view.status == pb.GAME_STATUS_IN_PROGRESS
    assert 300 <= view.version < 310


def test_same_seed_same_actions_same_game(client):
    game = client.create_game("imperium", seed=31, options=imperium_options(3))
    final, _, _ = play_out(client, game, seed=31)
    replay = client.replay(game.id)
    again = client.create_game("imperium", seed=replay.seed, options=replay.options)
    seats = {n: again.seat(n) for n in again.human_seats()}
    for recorded in replay.actions:
        response = seats[recorded.seat].apply(recorded.action, expected_version=recorded.version - 1)
        assert response.version == recorded.version
    assert client.spectator(again.id).view().result == final.result
