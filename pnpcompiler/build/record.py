"""The build lock and the build record: what the last successful build of a game read (as one
digest), found and wrote.

When the digest of everything a build reads (pnp's code, the game's folder, the templates,
the options) matches the record's and every file it wrote is still as it left it, the game is
not even loaded: the build reports the same findings and says it is up to date.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path

from ..content.checked import decode_findings, encode_findings
from ..core.digests import code_digest, digest
from ..core.files import write_atomic
from ..core.findings import Finding
from .inputs import Inputs
from .stage import load_file_records, unchanged_on_disk

RECORD = "build.json"


@contextlib.contextmanager
def locked(state_dir: Path) -> Iterator[None]:
    """Hold the game's build lock: two builds into one output folder wait for each other."""
    from filelock import FileLock

    state_dir.mkdir(parents=True, exist_ok=True)
    with FileLock(state_dir / "lock"):
        yield


def build_key(slug: str, inputs: Inputs, settings: str) -> str:
    """Return the digest of everything a game's build reads (``settings``: its options)."""
    return digest(code_digest(), "build", slug, inputs.content, inputs.templates, settings)


@dataclasses.dataclass(frozen=True)
class BuildRecord:
    """The last successful build of a game: its findings, the files it wrote and the
    component names it knew (for ``--only``)."""

    findings: list[Finding]
    files: list[str]
    names: list[str]


def read_build_record(state_dir: Path, key: str, out_dir: Path) -> BuildRecord | None:
    """Return the last build's record when it was made from the same inputs and every file
    it wrote is still as it left it; otherwise None."""
    try:
        raw = json.loads((state_dir / RECORD).read_text("utf-8"))
        if not isinstance(raw, dict) or raw.get("key") != key:
            return None
        record = BuildRecord(decode_findings(raw["findings"]),
                             [str(rel) for rel in raw["files"]],
                             [str(name) for name in raw["names"]])
    except (OSError, ValueError, TypeError, KeyError):
        return None
    records = load_file_records(state_dir)
    for rel in record.files:
        if rel not in records or not unchanged_on_disk(out_dir / rel, records[rel]):
            return None
    return record


def write_build_record(state_dir: Path, key: str, record: BuildRecord) -> None:
    """Remember a successful build under the digest of its inputs."""
    try:
        text = json.dumps({"key": key, "findings": encode_findings(record.findings),
                           "files": sorted(record.files), "names": sorted(record.names)},
                          indent=0)
    except (TypeError, ValueError):
        return
    write_atomic(state_dir / RECORD, text)
