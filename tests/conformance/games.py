"""The games the conformance suite runs on, and what each brings to be checked against.

A game is a folder under content/ with a game.yaml. What it brings is found by where it lies:
golden content edits in tests/golden/<game>/<case>/edit.yaml, recorded games in
examples/<game>/*.yaml, golden records in tests/golden/<collection>/<case>/record.yaml whose
header names the game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from pnpcompiler.content.project import find_games
from tests.paths import CONTENT, EXAMPLES, GOLDEN

GAMES = find_games(CONTENT)

TRANSCRIPTS = frozenset({"rt-sector-log"})
"""Golden record collections whose reports are the command's own output (``pnp referee
record.yaml`` then ``exit: N``); the others hold the library's report of ``<case>/record.yaml``
then ``exit code N``."""

_HEADER = re.compile(r"^(game|record):[ \t]*([\w-]+)", re.MULTILINE)


def header(record: Path) -> dict[str, str]:
    """Return a record's ``game`` and ``record`` as its top-level lines write them, read from
    the text: a golden record may be damaged on purpose and not load."""
    found: dict[str, str] = {}
    for key, value in _HEADER.findall(record.read_text(encoding="utf-8")):
        found.setdefault(key, value)
    return found


def content_edits(game: str) -> list[Path]:
    """Return the game's golden content edits."""
    folder = GOLDEN / game
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if (p / "edit.yaml").is_file())


GOLDEN_RECORDS = sorted(p.parent for p in GOLDEN.glob("*/*/record.yaml"))
"""Every golden record case, of every game."""


def golden_records(game: str) -> list[Path]:
    """Return the golden record cases whose record names the game."""
    return [case for case in GOLDEN_RECORDS if header(case / "record.yaml").get("game") == game]


def examples(game: str) -> list[Path]:
    """Return the game's recorded games (examples/<game>/*.yaml)."""
    return sorted((EXAMPLES / game).glob("*.yaml"))


def examples_by_kind(game: str) -> dict[str, list[Path]]:
    """Return the game's recorded games by the kind of record their header names."""
    kinds: dict[str, list[Path]] = {}
    for record in examples(game):
        kinds.setdefault(header(record).get("record", "?"), []).append(record)
    return kinds


def each(found: Callable[[str], Sequence[Any]], missing: str,
         name: Callable[[Any], str] = str) -> list[Any]:
    """Return a pytest parameter ``(game, thing)`` for each game and each thing ``found``
    gives for it, ``game/name`` as its id; a game with none gets one parameter ``(game,
    None)`` that is skipped, ``missing`` (formatted with ``game``) saying why."""
    params = []
    for game in GAMES:
        things = found(game)
        params += [pytest.param(game, thing, id=f"{game}/{name(thing)}") for thing in things]
        if not things:
            params.append(pytest.param(game, None, id=f"{game}/none",
                                       marks=pytest.mark.skip(reason=missing.format(game=game))))
    return params


def case_name(case: Path) -> str:
    """Return a golden case's name with its collection's: ``rt-shift/move-twice``."""
    return f"{case.parent.name}/{case.name}"
