"""Golden Rushing Tin shift records: complete legal shifts, and illegal ones with one mistake
each.

Legal shifts are the examples in examples/rushing-tin/ (played by tools/play_rt_shift.py);
the illegal ones are made from them by tools/make_rt_shift_cases.py, each in
tests/golden/rt-shift/<case>/record.yaml with its report in expected.txt. The conformance
suite referees them all against their reports (tests/conformance/test_referee_goldens.py;
``--update-goldens`` rewrites the reports); here, what only a whole Rushing Tin shift shows.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpcompiler.games.rushing_tin.referee.state import Shift
from pnpcompiler.referee import referee_file
from tests.paths import CONTENT, EXAMPLES, GOLDEN

SHIFTS = sorted((EXAMPLES / "rushing-tin").glob("shift-*.yaml"))
CASES = sorted(p for p in (GOLDEN / "rt-shift").iterdir()
               if p.is_dir() and not p.name.startswith("legal"))
"""The illegal cases: a case named ``legal-...`` is a legal shift kept for the rule it shows."""


@pytest.mark.parametrize("record", SHIFTS, ids=lambda p: p.stem)
def test_complete_example_shifts_are_legal(record: Path) -> None:
    """A whole shift, 31 turns, its money and winner as claimed, every die from its seed."""
    report = referee_file(record, CONTENT)
    assert [(f.code, f.message) for f in report.findings] == []
    assert report.legal and len(report.snapshots) == 31
    log_turns = {s.turn for s in report.snapshots if isinstance(s, Shift)}
    assert log_turns == set(range(1, 32))
    assert any(i["kind"] == "hand-off" for i in report.incidents)


def test_there_are_solo_two_and_four_controller_shifts() -> None:
    assert {p.stem for p in SHIFTS} >= {"shift-solo", "shift-2atc", "shift-4atc"}


def test_there_are_at_least_25_illegal_cases() -> None:
    assert len(CASES) >= 25


def test_every_illegal_shift_golden_exits_1() -> None:
    """Each case holds a mistake: its report ends in exit code 1."""
    exits = {case.name: (case / "expected.txt").read_text(encoding="utf-8").splitlines()[-1]
             for case in CASES}
    assert {name: last for name, last in exits.items() if last != "exit code 1"} == {}
