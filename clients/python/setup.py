"""Runs generate.py before setuptools looks at the packages, so that
`pip install` of this folder always ships stubs generated from the
repository's proto/ (they are not committed). Everything else is in
pyproject.toml."""
import pathlib
import sys

from setuptools import setup

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import generate  # noqa: E402

if generate.PROTO_ROOT.is_dir():
    generate.generate()
elif not (generate.OUT / "game_service_pb2.py").exists():
    raise SystemExit(f"neither {generate.PROTO_ROOT} nor generated stubs found")

setup()
