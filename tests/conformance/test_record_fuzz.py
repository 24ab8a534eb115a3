"""No traceback, whatever the record: each game's referee answers every input with rulings.

A fuzz target per game and kind of record it reads (``make fuzz`` runs PNP_FUZZ_EXAMPLES
cases of each): the legal examples in examples/<game>/ damaged (events, moves and turns
dropped, duplicated, reordered or moved elsewhere; values retyped or pushed out of range;
unknown keys), their text edited, records made from scratch, and binary garbage. Each must
give a report whose findings say where (file, line, column), and exit code 0 only for a
legal record, else 1 or 2. A game without recorded games (no referee yet) is skipped.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnpcompiler.referee import referee_file
from tests.conformance.games import each, examples_by_kind
from tests.fuzz_cases import RecordKind, dump, fuzz, refereed
from tests.paths import CONTENT

LOADED: dict[str, Any] = {}
"""Games loaded once for every record of the run."""


def record_kinds(game: str) -> list[RecordKind]:
    """Return the kinds of record the game's examples are, each with its examples."""
    return [RecordKind(game, kind, files) for kind, files in examples_by_kind(game).items()]


KINDS = each(record_kinds, "{game} has no recorded games (examples/{game}/): no referee yet",
             lambda kind: kind.record)


@pytest.mark.parametrize(("game", "kind"), KINDS)
@fuzz(100)
@given(data=st.data())
def test_damaged_records_never_crash(tmp_path: Path, game: str, kind: RecordKind,
                                     data: st.DataObject) -> None:
    refereed(tmp_path, kind.damaged(data), CONTENT, LOADED)


@pytest.mark.parametrize(("game", "kind"), KINDS)
def test_examples_are_legal_as_dumped(tmp_path: Path, game: str, kind: RecordKind) -> None:
    """The undamaged examples, parsed and dumped again, are still legal: damage starts from
    a legal record."""
    for tree in kind.trees:
        record = tmp_path / "record.yaml"
        record.write_text(dump(tree), encoding="utf-8")
        report = referee_file(record, CONTENT, loaded=LOADED)
        assert report.legal, [f.message for f in report.findings]
