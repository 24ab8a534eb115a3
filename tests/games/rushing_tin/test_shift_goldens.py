"""Golden Rushing Tin shift records: complete legal shifts, and illegal ones with one mistake
each and the exact report the referee must give.

Legal shifts are the examples in examples/rushing-tin/ (played by tools/play_rt_shift.py);
the illegal ones are made from them by tools/make_rt_shift_cases.py, each in
tests/golden/rt-shift/<case>/record.yaml with its report in expected.txt. Run with
``--update-goldens`` to rewrite the reports, then review the diff.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from pnpcompiler.referee import referee_file, render_report_text, report_exit_code
from tests.paths import GOLDEN, REPO

EXAMPLES = sorted((REPO / "examples" / "rushing-tin").glob("shift-*.yaml"))
CASES = sorted(p for p in (GOLDEN / "rt-shift").iterdir() if p.is_dir())


@pytest.mark.parametrize("record", EXAMPLES, ids=lambda p: p.stem)
def test_complete_example_shifts_are_legal(record: Path) -> None:
    """A whole shift, 31 turns, its money and winner as claimed, every die from its seed."""
    report = referee_file(record, REPO / "content")
    assert [(f.code, f.message) for f in report.findings] == []
    assert report.legal and len(report.snapshots) == 31
    log_turns = {s.turn for s in report.snapshots}
    assert log_turns == set(range(1, 32))
    assert any(i["kind"] == "hand-off" for i in report.incidents)


def test_there_are_solo_two_and_four_controller_shifts() -> None:
    assert {p.stem for p in EXAMPLES} >= {"shift-solo", "shift-2atc", "shift-4atc"}


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_illegal_shift_golden(case: Path, golden: Callable[[str, Path], None],
                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(case.parent)
    report = referee_file(Path(case.name) / "record.yaml", REPO / "content",
                          f"{case.name}/record.yaml")
    text = render_report_text(report) + f"\nexit code {report_exit_code(report)}\n"
    golden(text, case / "expected.txt")
    assert report_exit_code(report) == 1, "each case holds a mistake"


def test_there_are_at_least_25_illegal_cases() -> None:
    assert len(CASES) >= 25


def test_replay_is_deterministic() -> None:
    """The same record replays to the same report, JSON byte for byte."""
    from pnpcompiler.referee import render_report_json

    record = EXAMPLES[0]
    first = render_report_json(referee_file(record, REPO / "content"))
    assert first == render_report_json(referee_file(record, REPO / "content"))
    assert json.loads(first)["legal"] is True
