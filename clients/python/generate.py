#!/usr/bin/env python3
"""Generates the Python stubs of the melange contract from the repository's
proto/ folder into src/melange_client/pb/.

Run by the package build (setup.py) on every `pip install`, and by hand for an
editable install: `python generate.py` (needs grpcio-tools). The generated
files are never committed and never edited by hand: the contract in proto/ is
the only source, so the stubs cannot drift from it.

protoc names the generated modules after the proto package (`melange.v1`), so
they import each other as `from melange.v1 import ..._pb2`. The one change this
script makes to protoc's output is to turn those imports into relative ones
(`from . import ..._pb2`), so that the stubs live inside `melange_client.pb`
instead of claiming a top-level `melange` package. The descriptors keep their
proto file names (`melange/v1/game_service.proto`), as the server's reflection
shows them.
"""
from __future__ import annotations

import pathlib
import re
import shutil
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
PROTO_ROOT = HERE.parent.parent / "proto"
OUT = HERE / "src" / "melange_client" / "pb"
IMPORT = re.compile(r"^from melange\.v1 import (\w+) as (\w+)$", re.MULTILINE)


def generate(proto_root: pathlib.Path = PROTO_ROOT, out: pathlib.Path = OUT) -> None:
    from grpc_tools import protoc  # a build dependency, not a runtime one

    import importlib.resources

    protos = sorted((proto_root / "melange" / "v1").glob("*.proto"))
    if not protos:
        raise SystemExit(f"no .proto files under {proto_root}/melange/v1")
    well_known = str(importlib.resources.files("grpc_tools") / "_proto")
    with tempfile.TemporaryDirectory() as tmp:
        args = [
            "grpc_tools.protoc",
            f"-I{proto_root}",
            f"-I{well_known}",
            f"--python_out={tmp}",
            f"--pyi_out={tmp}",
            f"--grpc_python_out={tmp}",
            *(str(p) for p in protos),
        ]
        if protoc.main(args) != 0:
            raise SystemExit("protoc failed")
        generated = pathlib.Path(tmp) / "melange" / "v1"
        if out.exists():
            shutil.rmtree(out)
        out.mkdir(parents=True)
        for src in sorted(generated.iterdir()):
            text = IMPORT.sub(r"from . import \1 as \2", src.read_text())
            (out / src.name).write_text(text)
    (out / "__init__.py").write_text(
        '"""Stubs generated from proto/melange/v1 by generate.py. Do not edit."""\n'
    )


if __name__ == "__main__":
    generate()
    print(f"generated {len(list(OUT.glob('*.py')))} modules in {OUT.relative_to(HERE)}", file=sys.stderr)
