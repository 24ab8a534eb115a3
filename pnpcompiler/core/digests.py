"""Digests that name cached work: of bytes, of a folder's files, of pnp's own code, of values
as canonical JSON.

A digest is a SHA-256 in hex. Whatever is cached is stored under the digest of everything it
was made from, so a changed input simply names another entry.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import stat
import sys
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

FORMAT = "pnp-cache-1"
"""Changes when the layout of cached entries changes; older entries are then simply not
found."""

LIBRARIES = ("reportlab", "rl_accel", "svgwrite", "jinja2", "pypdfium2", "pillow", "shapely",
             "pydantic", "pyyaml")
"""The libraries whose versions count as part of pnp's code: they check and draw."""


def digest(*parts: str | bytes) -> str:
    """Return the SHA-256 (hex) of the parts, each length-prefixed so they cannot run
    together."""
    h = hashlib.sha256()
    for part in parts:
        raw = part.encode("utf-8") if isinstance(part, str) else part
        h.update(len(raw).to_bytes(8, "little"))
        h.update(raw)
    return h.hexdigest()


def visible_files(folder: Path) -> Iterator[tuple[str, Path]]:
    """Yield (relative posix path, path) of the files under ``folder``, sorted, skipping
    hidden files and folders and Python caches."""
    if not folder.is_dir():
        return
    found = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d != "__pycache__"]
        for name in files:
            if not name.startswith("."):
                path = Path(root) / name
                found.append((path.relative_to(folder).as_posix(), path))
    yield from sorted(found)


def tree_digest(folder: Path) -> str:
    """Return the digest of every visible file under ``folder``: names and bytes."""
    return tree_digests(folder)[0]


def tree_digests(folder: Path, skip_suffixes: tuple[str, ...] = ()) -> tuple[str, str]:
    """Return, in one walk, the digest of every visible file under ``folder`` and the digest
    of those whose names do not end in ``skip_suffixes``. Only regular files are read: a
    symbolic link counts by where it points (what it leads to is judged, and refused if
    outside, where content names it), and a device or a pipe by its name, so nothing here
    can hang or read without end."""
    every, kept = hashlib.sha256(), hashlib.sha256()
    for rel, path in visible_files(folder):
        entry = digest(rel, _file_bytes(path, folder)).encode()
        every.update(entry)
        if path.suffix not in skip_suffixes:
            kept.update(entry)
    return every.hexdigest(), kept.hexdigest()


def _file_bytes(path: Path, folder: Path) -> bytes:
    """Return what stands for one file in a folder's digest."""
    try:
        st = path.lstat()
        if stat.S_ISLNK(st.st_mode):
            data = b"\0link " + os.readlink(path).encode("utf-8", "surrogateescape")
            if path.is_file():  # a link inside the folder to a file: its bytes count
                target = path.resolve()
                if target.is_relative_to(folder.resolve()):
                    data += b"\0" + target.read_bytes()
            return data
        if stat.S_ISREG(st.st_mode):
            return path.read_bytes()
        return b"\0special"
    except OSError:
        return b"\0unreadable"


@lru_cache(maxsize=1)
def code_digest() -> str:
    """Return the digest of pnp's own code (the whole package, games included) and the
    versions of the libraries it checks and draws with: a new version of either makes every
    cached piece stale."""
    from importlib import metadata

    package = Path(__file__).resolve().parent.parent
    parts = [FORMAT, sys.version, tree_digest(package)]
    for name in LIBRARIES:
        try:
            parts.append(f"{name}={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            parts.append(f"{name}=none")
    return digest(*parts)


def canonical_json(value: Any) -> str:
    """Return ``value`` as JSON with sorted keys; raise TypeError for what JSON cannot hold
    exactly (the caller then does not cache)."""
    return _CANONICAL.encode(value)


def _plain(value: Any) -> Any:
    """Return what JSON holds of a model, a dataclass, a set or a path."""
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {"@": type(value).__name__,
                **{f.name: getattr(value, f.name) for f in dataclasses.fields(value)}}
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    if isinstance(value, Path):
        return value.as_posix()
    raise TypeError(f"cannot key a cache entry on {type(value).__name__}")


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), default=_plain,
                              allow_nan=True)
"""One encoder for every key: ``json.dumps`` with options makes a new one each call."""
