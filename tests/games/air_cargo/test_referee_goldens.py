"""Golden Air Cargo records: the example games, legal, and illegal ones with one mistake each
and the exact report the referee must give.

The legal games are the examples in examples/air-cargo/ (played by tools/play_air_cargo.py);
the illegal ones are made from them by ``tools/make_air_cargo_cases.py``, each in
tests/golden/air-cargo-referee/<case>/record.yaml with its report in expected.txt. Run with
``--update-goldens`` to rewrite the reports, then review the diff.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from pnpcompiler.referee import referee_file, render_report_text, report_exit_code
from tests.paths import GOLDEN, REPO

EXAMPLES = sorted((REPO / "examples" / "air-cargo").glob("*.yaml"))
CASES = sorted(p for p in (GOLDEN / "air-cargo-referee").iterdir() if p.is_dir())
ILLEGAL = [c for c in CASES if not c.name.startswith("legal-")]


@pytest.mark.parametrize("record", EXAMPLES, ids=lambda p: p.stem)
def test_example_games_are_legal(record: Path) -> None:
    report = referee_file(record, REPO / "content")
    assert [(f.code, f.message) for f in report.findings] == []
    assert report.legal


def test_examples_end_in_a_crash_a_stop_and_a_gold_wing() -> None:
    ends = {}
    for record in EXAMPLES:
        report = referee_file(record, REPO / "content")
        ends[record.stem] = next(iter(report.scores.values()))
    assert ends["crash"]["end"] == "crash" and ends["crash"]["result"] == "lost"
    assert ends["stop"]["end"] == "stop"
    assert ends["gold-wing"]["rank"] == "Gold Wing pilot" and ends["gold-wing"]["points"] >= 45
    assert ends["pilot-log"]["points"] == ends["gold-wing"]["points"]


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_air_cargo_referee_golden(case: Path, golden: Callable[[str, Path], None],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(case.parent)
    report = referee_file(Path(case.name) / "record.yaml", REPO / "content",
                          f"{case.name}/record.yaml")
    text = render_report_text(report) + f"\nexit code {report_exit_code(report)}\n"
    golden(text, case / "expected.txt")
    legal = case.name.startswith("legal-")
    assert report_exit_code(report) == (0 if legal else 1)
    if not legal:
        assert len({f.code for f in report.findings}) == 1, "each case holds one mistake"


def test_there_are_at_least_20_illegal_cases() -> None:
    assert len(ILLEGAL) >= 20
    assert {c.name for c in CASES} >= {"legal-crash", "legal-stop", "legal-gold-wing"}
