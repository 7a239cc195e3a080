"""The README's random bot runs as written, creating a game or joining one."""
import pathlib
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

from melange_client import FINISHED, imperium_options

BOT = pathlib.Path(__file__).resolve().parents[1] / "examples" / "random_bot.py"


def run_bot(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(BOT), *args], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_random_bot_creates_and_plays_a_game(server):
    out = run_bot("--server", f"http://{server}", "--kind", "war-for-arrakis", "--seat", "1")
    assert "created war-for-arrakis game" in out and "over at version" in out


def test_random_bot_joins_a_seat(server, client):
    """The bot plays seat 1 of a 2-player game while this test plays seat 0."""
    game = client.create_game("imperium", options=imperium_options(2))
    token = game.response.seats[1].token
    with ThreadPoolExecutor(1) as pool:
        ours = pool.submit(game.seat(0).play, lambda view: view.legal_actions[-1])
        out = run_bot("--server", server, "--game", game.id, "--seat", "1", "--token", token)
        final = ours.result(timeout=60)
    assert final.status == FINISHED
    assert f"over at version {final.version}: {final.result.reason}" in out


def test_the_readme_shows_the_bot_as_it_is():
    readme = (BOT.parents[1] / "README.md").read_text()
    code = BOT.read_text()
    assert f"```python\n{code}```" in readme
    assert len(code.splitlines()) <= 30
