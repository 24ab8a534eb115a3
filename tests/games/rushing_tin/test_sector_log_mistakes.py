"""One mistake a player makes at the table on the rushing-tin Sector Log, one finding.

Each test copies examples/rushing-tin/sector-log-2atc.yaml with one mistake made the way it is
made on paper (the claims at the bottom carry it when the player would have carried it) and
checks the one finding the referee gives: its code, rule and the cell it points at.
"""

from __future__ import annotations

from pathlib import Path

from pnpcompiler.referee import AnyReport, referee_file
from tests.paths import CONTENT, EXAMPLES

EXAMPLE = EXAMPLES / "rushing-tin" / "sector-log-2atc.yaml"


def with_mistake(tmp_path: Path, *edits: tuple[str, str]) -> AnyReport:
    """Referee the example with each ``(old, new)`` line replaced (each old line once)."""
    text = EXAMPLE.read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    record = tmp_path / "sheet.yaml"
    record.write_text(text, encoding="utf-8")
    return referee_file(record, CONTENT)


def found(report: AnyReport) -> list[tuple[str, str | None, str | None]]:
    """Return each finding's code, rule and path in the record."""
    return [(f.code, f.extra.get("rule"), f.location.path if f.location else None)
            for f in report.findings]


def test_1_42_a_wrong_payment_carried_into_the_totals_is_one_finding(tmp_path: Path) -> None:
    """AA105's bonus misread from its card (600 for 550) and added into PR's bonuses and
    cash as paid: the payment is the mistake, the totals only carry it."""
    report = with_mistake(tmp_path, ("paid: 550}", "paid: 600}"),
                          ("    cash: 370", "    cash: 420"),
                          ("bonuses: 2220", "bonuses: 2270"))
    assert found(report) == [("bonus.paid", "1.42", "rows[0].paid")]
    assert report.scores["PR"]["cash"] == 370


def test_schedules_a_late_flight_paid_and_carried_is_one_finding(tmp_path: Path) -> None:
    """AA204 took 1:30 on a 1:15 schedule and was paid all the same; JS's totals count it."""
    report = with_mistake(tmp_path, ("start: 9:45, finish: 10:45", "start: 9:45, finish: 11:15"))
    assert found(report) == [("bonus.late", "SCHEDULES", "rows[1].paid")]


def test_1_42_a_payment_that_changes_the_winner_is_one_finding(tmp_path: Path) -> None:
    """PR paid himself 5,000 more on TJ103 and named himself the winner on those figures."""
    report = with_mistake(tmp_path, ("paid: 400}\n  - {flight: TJ206", "paid: 5400}\n  - "
                                     "{flight: TJ206"),
                          ("    cash: 370", "    cash: 5370"),
                          ("bonuses: 2220", "bonuses: 7220"), ("winner: JS", "winner: PR"))
    assert found(report) == [("bonus.paid", "1.42", "rows[9].paid")]
    assert report.winner == "JS"


def test_1_90_a_time_off_the_track_is_one_finding(tmp_path: Path) -> None:
    """TJ305's finish written 13:03 for 13:30: the row cannot be placed in time, so PR's money
    is not checked, which the scoreboard says rather than a second finding."""
    report = with_mistake(tmp_path, ("finish: 13:30", "finish: 13:03"))
    assert found(report) == [("time.off-track", "1.90", "rows[11].finish")]
    assert report.scores["PR"]["claim"] == "unchecked: row TJ305 could not be read"
    assert "claim" not in report.scores["JS"]


def test_1_01_a_row_copied_twice_is_one_finding(tmp_path: Path) -> None:
    """CA104's row written twice, word for word: the copy adds nothing, so JS's money is
    still checked."""
    row = ("  - {flight: CA104, ctr: JS, id: 2, start: 9:15, finish: 11:30, w: 0, p: 0, d: 0, "
           "cm: 1, paid: 500}\n")
    report = with_mistake(tmp_path, (row, row + row))
    assert found(report) == [("row.flight-twice", "1.01", "rows[7].flight")]
    assert "claim" not in report.scores["JS"]
