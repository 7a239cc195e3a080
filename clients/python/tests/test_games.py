"""Whole games of every kind and player count, played through the package
against the release server: every human seat plays uniformly random legal
actions in its own thread (Seat.play: apply on its turn, stream otherwise)
while a spectator streams the game from its first action."""
from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from melange_client import FINISHED, Game, arrakis_options, imperium_options, pb


def play_out(client, game: Game, seed: int) -> tuple[pb.View, dict[int, int], list[int]]:
    """Plays every human seat of `game` to the end. Returns the final
    spectator view, the actions each human seat played and the versions
    the spectator's stream delivered."""
    humans = game.human_seats()
    played = dict.fromkeys(humans, 0)

    def play(seat_number: int) -> pb.View:
        rng = random.Random(seed * 10 + seat_number)

        def choose(view: pb.View) -> pb.LegalAction:
            played[seat_number] += 1
            return rng.choice(view.legal_actions)

        return game.seat(seat_number).play(choose)

    def watch() -> list[int]:
        return [update.version for update in client.spectator(game.id).stream(from_version=0)]

    with ThreadPoolExecutor(len(humans) + 1) as pool:
        watcher = pool.submit(watch)
        finals = list(pool.map(play, humans))
        streamed = watcher.result(timeout=120)
    final = client.spectator(game.id).view()
    for view in finals:
        assert view.status == FINISHED
        assert view.version == final.version
        assert view.result == final.result
    return final, played, streamed


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


# Seeds (for the server and the seats' choices) whose random games run a few
# thousand decisions: long enough to reach most of the game's steps, short
# enough for the suite (random games run from a few hundred to 50,000).
EXPANSIONS = {
    "core": {},
    "desert_war": {"desert_war": True},
    "smugglers": {"smugglers": True},
    "desert_war_and_smugglers": {"desert_war": True, "smugglers": True},
}
ARRAKIS_SEED = 2


@pytest.mark.parametrize("expansions", list(EXPANSIONS))
def test_war_for_arrakis_both_seats_through_the_client(client, expansions):
    flags = EXPANSIONS[expansions]
    game = client.create_game("war_for_arrakis", seed=ARRAKIS_SEED, options=arrakis_options(**flags))
    assert [grant.plays for grant in game.response.seats] == ["harkonnen", "atreides"]
    start = game.view.arrakis
    assert start.HasField("desert_war") == flags.get("desert_war", False)
    assert start.HasField("smugglers") == flags.get("smugglers", False)
    final, played, streamed = play_out(client, game, seed=ARRAKIS_SEED)
    assert final.version > 1000
    check_finished(client, game, final, played, streamed, 2)
    assert sum(played.values()) == final.version
    replay = client.replay(game.id)
    assert replay.options.arrakis.desert_war == flags.get("desert_war", False)
    assert replay.options.arrakis.smugglers == flags.get("smugglers", False)


def test_war_for_arrakis_against_the_built_in_bot(client):
    game = client.create_game("war_for_arrakis", seed=8, options=arrakis_options(), seats=["random"])
    assert game.human_seats() == [1]
    final, played, streamed = play_out(client, game, seed=8)
    check_finished(client, game, final, played, streamed, 2)
    assert 0 < played[1] < final.version


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
