"""A big kit laid out by two processes (build/faces.py, ``Pace``): once the first items show
the rest will take a while, a second process resolves the later share of the faces while
the first resolves the others and then reads the second's back. Nothing of the kit may
depend on it: the files, the findings and the cache are those of a layout by one process.
"""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pnpcompiler.app.cli import app
from pnpcompiler.build import faces
from pnpcompiler.build.background import CAN_FORK
from tests.build.projects import crowded_project

pytestmark = pytest.mark.skipif(not CAN_FORK, reason="the second process is a fork")

CARDS = 200
LONG_BODY_AT = 180
"""A card in the second process's share whose body overflows its box: an error."""


def _build(root: Path, out: str, *args: str, code: int = 0) -> str:
    result = CliRunner().invoke(app, ["build", "sampler", "--content", str(root / "content"),
                                      "--templates", str(root / "templates"), "-o",
                                      str(root / out), *args])
    assert result.exit_code == code, result.output
    return str(result.output).replace(str(root / out), "OUT")


def _files(folder: Path) -> dict[str, str]:
    """Return each file's hash by relative path, the build cache left out."""
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*"))
            if p.is_file() and ".cache" not in p.relative_to(folder).parts}


def _face_entries(out: Path) -> dict[str, bytes]:
    with sqlite3.connect(out / ".cache" / "sampler" / "pieces.sqlite") as db:
        return dict(db.execute("SELECT key, data FROM pieces WHERE kind = 'face'").fetchall())


@pytest.fixture
def shared(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Share every layout with a second process; return how many faces each second process
    handed back, one number a build."""
    handed: list[int] = []
    get = faces.Ahead.get

    def counted(self: faces.Ahead, call: Any) -> tuple[str | None, bytes] | None:
        if self.entries is None:
            got = get(self, call)
            assert self.entries is not None
            handed.append(len(self.entries))
            return got
        return get(self, call)

    monkeypatch.setattr(faces, "AHEAD_WORTH", 0.0)
    monkeypatch.setattr(faces.Ahead, "get", counted)
    return handed


@pytest.mark.parametrize("cache", [True, False], ids=["cache", "no-cache"])
def test_a_kit_laid_out_by_two_processes_is_the_kit_laid_out_by_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shared: list[int], cache: bool
) -> None:
    root = crowded_project(tmp_path, CARDS)
    args = ["--png", "40"] + ([] if cache else ["--no-cache"])
    two = _build(root, "two", *args)
    assert shared and shared[0] > CARDS // 3  # the second process resolved its share
    monkeypatch.setattr(faces, "AHEAD_WORTH", float("inf"))
    one = _build(root, "one", *args)
    assert len(shared) == 1
    assert two == one
    assert _files(root / "two") == _files(root / "one")
    if cache:
        assert _face_entries(root / "two") == _face_entries(root / "one")


def test_a_finding_of_the_second_process_is_told_as_the_first_tells_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shared: list[int]) -> None:
    root = crowded_project(tmp_path, CARDS, LONG_BODY_AT)
    two = _build(root, "two", code=1)
    assert shared and "crowd-180" in two and "text.overflow" in two
    monkeypatch.setattr(faces, "AHEAD_WORTH", float("inf"))
    assert _build(root, "one", code=1) == two


def test_a_second_process_that_fails_leaves_its_share_to_the_first(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shared: list[int]) -> None:
    root = crowded_project(tmp_path, CARDS)

    def fail(*args: Any) -> None:
        raise MemoryError("no room for the second process's faces")

    monkeypatch.setattr(faces, "_resolve_share", fail)
    broken = _build(root, "broken")
    assert shared == [0]  # nothing came back: the first process resolved every face
    monkeypatch.setattr(faces, "AHEAD_WORTH", float("inf"))
    assert _build(root, "one") == broken
    assert _files(root / "broken") == _files(root / "one")
    assert _face_entries(root / "broken") == _face_entries(root / "one")


def test_faces_the_cache_holds_are_not_shared(tmp_path: Path, shared: list[int]) -> None:
    """A rebuild whose faces the cache holds reads them back itself: a second process would
    resolve them again."""
    root = crowded_project(tmp_path, CARDS)
    _build(root, "out")
    assert len(shared) == 1
    _build(root, "out", "--paper", "letter")
    assert len(shared) == 1
