"""The recorded games of every game: each example legal, each golden record refereed to its
exact report, the same report every time, and every kind of record a referee reads shown by
examples and golden cases. A game without a referee yet is skipped, saying so.

A golden record is a folder tests/golden/<collection>/<case>/ holding ``record.yaml``, whose
header names the game, and ``expected.txt``, the report it must give and its exit code. Cases
named ``legal...`` (or ``..._warning``) are legal; the others hold mistakes. The illegal
records are made from the examples by tools/make_rt_shift_cases.py and
tools/make_air_cargo_cases.py. Run with ``--update-goldens`` to rewrite the reports, then
review the diff.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pnpcompiler.content.project import load_game
from pnpcompiler.core.loader import Document, Marks
from pnpcompiler.referee import (
    records_of,
    referee_file,
    render_report_json,
    render_report_text,
    report_exit_code,
)
from tests.conformance.games import (
    GAMES,
    GOLDEN_RECORDS,
    TRANSCRIPTS,
    case_name,
    each,
    examples,
    examples_by_kind,
    golden_records,
    header,
)
from tests.paths import CONTENT

LOADED: dict[str, Any] = {}
"""Games loaded once for every golden record of the run."""

NO_RECORDS = "{game} has no recorded games (examples/{game}/): no referee yet"


def _stem(path: Path) -> str:
    return path.stem


@pytest.mark.parametrize(("game", "record"), each(examples, NO_RECORDS, _stem))
def test_example_is_legal(game: str, record: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    worked_out: list[str] = []
    marks = Document.marks

    def noted(doc: Document) -> Marks:
        if not doc.marked:
            worked_out.append(doc.file)
        return marks(doc)

    monkeypatch.setattr(Document, "marks", noted)
    report = referee_file(record, CONTENT, loaded=LOADED)
    assert report.game == game
    assert [(f.code, f.message) for f in report.findings] == []
    assert report.legal
    # What makes a batch of records quick: nothing asks where a legal record's values are.
    assert worked_out == [], "a legal record's marks were worked out: a location was read"


def _report(case: Path, scratch: Callable[..., Path],
            pnp: Callable[..., tuple[int, str]]) -> tuple[str, int]:
    """Referee a golden record as its collection's reports were written; return the report
    and the exit code."""
    if case.parent.name in TRANSCRIPTS:
        scratch(case, "record.yaml")
        code, out = pnp("referee", "record.yaml", "--content", str(CONTENT))
        return f"{out}exit: {code}\n", code
    report = referee_file(case / "record.yaml", CONTENT, f"{case.name}/record.yaml",
                          loaded=LOADED)
    code = report_exit_code(report)
    return f"{render_report_text(report)}\nexit code {code}\n", code


@pytest.mark.parametrize(("game", "case"), each(
    golden_records, "{game} has no golden records (tests/golden/*/<case>/record.yaml): "
    "no referee yet", case_name))
def test_golden_record(game: str, case: Path, scratch: Callable[..., Path],
                       pnp: Callable[..., tuple[int, str]],
                       golden: Callable[[str, Path], None]) -> None:
    text, code = _report(case, scratch, pnp)
    golden(text, case / "expected.txt")
    legal = case.name.startswith("legal") or case.name.endswith("_warning")
    assert (code == 0) == legal, "a case named legal is legal; every other holds a mistake"


def _first_of_each_kind(game: str) -> list[Path]:
    return [records[0] for records in examples_by_kind(game).values()]


@pytest.mark.parametrize(("game", "record"), each(_first_of_each_kind, NO_RECORDS, _stem))
def test_replay_is_deterministic(game: str, record: Path) -> None:
    """The same record replays to the same report, JSON byte for byte."""
    first = render_report_json(referee_file(record, CONTENT))
    assert first == render_report_json(referee_file(record, CONTENT))
    assert '"legal": true' in first


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_of_record_has_examples_and_golden_cases(game: str) -> None:
    """Each kind of record the game's referee reads has a legal example to play from (and
    for the fuzz tests to damage) and golden cases; every example is of a kind it reads."""
    content, findings = load_game(CONTENT, game)
    assert content is not None, findings
    kinds = set(records_of(content).kinds)
    if not kinds:
        pytest.skip(f"{game} reads no records: no referee yet")
    by_kind = examples_by_kind(game)
    cased = {header(case / "record.yaml").get("record") for case in golden_records(game)}
    assert set(by_kind) <= kinds
    assert not kinds - set(by_kind), f"no example of {sorted(kinds - set(by_kind))}"
    assert not kinds - cased, f"no golden case of {sorted(kinds - cased)}"


def test_every_golden_record_is_of_a_game() -> None:
    """A record whose header names no game under content/ would never run."""
    games = {case_name(case): header(case / "record.yaml").get("game")
             for case in GOLDEN_RECORDS}
    assert {name: game for name, game in games.items() if game not in GAMES} == {}
