"""Starts the release melange server once for the whole test session, on a
free loopback port, and hands the tests a connected Client.

The binary is $MELANGE_BIN, or target/release/melange at the repository's
root (`cargo build --release --bin melange`). A missing binary fails the
run: these tests exist to play against the real server.
"""
from __future__ import annotations

import ctypes
import os
import pathlib
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

import grpc
import pytest

from melange_client import Client

REPO = pathlib.Path(__file__).resolve().parents[3]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _die_with_parent() -> None:
    """Linux: the server gets SIGTERM when the test process dies, even
    when a timeout ends it without running the fixtures' teardown."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def _spawn_dying_with_parent(command: list[str]) -> tuple[list[str], dict]:
    """The command and Popen arguments that start `command` so that it dies
    with the test process. util-linux's setpriv sets the signal without
    running Python in the child: a `preexec_fn` forks the whole interpreter,
    and a fork while gRPC's threads run (a remote bot's server in the same
    test) can abort the child in gRPC's fork handlers before it ever execs
    the server."""
    setpriv = shutil.which("setpriv")
    if sys.platform.startswith("linux") and setpriv:
        return [setpriv, "--pdeathsig", "TERM", *command], {}
    return command, {"preexec_fn": _die_with_parent}


def start_server(*extra: str) -> tuple[subprocess.Popen, str, pathlib.Path]:
    binary = pathlib.Path(os.environ.get("MELANGE_BIN", REPO / "target" / "release" / "melange"))
    if not binary.is_file():
        pytest.fail(f"no server binary at {binary}: run `cargo build --release --bin melange` or set MELANGE_BIN")
    address = f"127.0.0.1:{free_port()}"
    log = pathlib.Path(tempfile.mkstemp(prefix="melange-server-", suffix=".log")[1])
    command, spawn = _spawn_dying_with_parent([str(binary), "--listen", address, "--data-dir", "none", *extra])
    process = subprocess.Popen(
        command,
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        env={**os.environ, "RUST_LOG": os.environ.get("RUST_LOG", "warn")},
        **spawn,
    )
    deadline = time.monotonic() + 30
    with Client(address) as probe:
        while True:
            if process.poll() is not None:
                pytest.fail(f"the server exited with {process.returncode}:\n{log.read_text()}")
            try:
                probe.wait_ready(timeout=0.5)
                probe.list_games(page_size=1)
                break
            except (grpc.FutureTimeoutError, grpc.RpcError):
                if time.monotonic() > deadline:
                    process.kill()
                    pytest.fail(f"the server did not answer on {address}:\n{log.read_text()}")
    return process, address, log


def stop_server(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture(scope="session")
def server():
    process, address, log = start_server()
    yield address
    stop_server(process)
    log.unlink(missing_ok=True)


@pytest.fixture
def client(server):
    with Client(server) as client:
        yield client


@pytest.fixture
def rng(request):
    """A random generator seeded from the test's name, so a failure replays."""
    return random.Random(request.node.nodeid)
