"""A record may say how the players laid out the field (2. Game setup), when not as the field
layout sheet shows it: the referee checks that field as the content's is checked, and replays
the game on it."""

from __future__ import annotations

import re
from pathlib import Path

from pnpcompiler.referee import referee_file
from tests.paths import CONTENT, EXAMPLES

EXAMPLE = EXAMPLES / "two-airport" / "two-players.yaml"
SHEET_FIELD = """\
field:
  columns: [a, b, c, d, e]
  rows: 7
  airports:
  - {airport: A, at: c1, runway: c2, departure_zones: [b1, d1]}
  - {airport: B, at: c7, runway: c6, departure_zones: [b7, d7]}
"""


def _with_field(tmp_path: Path, field: str, text: str | None = None) -> Path:
    text = text if text is not None else EXAMPLE.read_text(encoding="utf-8")
    record = tmp_path / "record.yaml"
    record.write_text(text.replace("turns:\n", field + "turns:\n", 1), encoding="utf-8")
    return record


def test_2_1_the_sheet_s_field_given_in_the_record_changes_nothing(tmp_path: Path) -> None:
    report = referee_file(_with_field(tmp_path, SHEET_FIELD), CONTENT)
    alone = referee_file(EXAMPLE, CONTENT)
    assert report.legal and alone.legal
    assert report.scores == alone.scores and report.winner == alone.winner


def test_2_1_a_game_on_a_field_laid_out_one_column_over_is_replayed_on_it(
        tmp_path: Path) -> None:
    """The same game played one column to the right, on a field of six columns."""
    shifted = re.sub(r"\b([a-e])([1-7])\b", lambda m: chr(ord(m.group(1)) + 1) + m.group(2),
                     EXAMPLE.read_text(encoding="utf-8"))
    field = ("field:\n  columns: [a, b, c, d, e, f]\n  rows: 7\n  airports:\n"
             "  - {airport: A, at: d1, runway: d2, departure_zones: [c1, e1]}\n"
             "  - {airport: B, at: d7, runway: d6, departure_zones: [c7, e7]}\n")
    report = referee_file(_with_field(tmp_path, field, shifted), CONTENT)
    assert report.legal, [f.message for f in report.findings]
    assert report.winner == referee_file(EXAMPLE, CONTENT).winner
    # The same shifted game on the sheet's field runs off it: the record is not replayed
    # on a field it was not played on.
    assert not referee_file(_with_field(tmp_path, SHEET_FIELD, shifted), CONTENT).legal


def test_2_2_a_runway_not_next_to_its_airport_is_one_finding_and_no_replay(
        tmp_path: Path) -> None:
    field = SHEET_FIELD.replace("runway: c2", "runway: c3")
    report = referee_file(_with_field(tmp_path, field), CONTENT)
    (finding,) = report.findings
    assert finding.code == "field.runway" and finding.extra["rule"] == "2.2"
    assert finding.location is not None
    # The field goes in at the example's "turns:", line 11 (below its schema line).
    assert (finding.location.line, finding.location.path) == (15, "field.airports[0].runway")


def test_5_2_a_departure_zone_off_the_airport_s_sides_is_found(tmp_path: Path) -> None:
    field = SHEET_FIELD.replace("departure_zones: [b7, d7]", "departure_zones: [b6, d7]")
    report = referee_file(_with_field(tmp_path, field), CONTENT)
    assert [(f.code, f.extra["rule"]) for f in report.findings] == [
        ("field.departure-zone", "5.2")]


def test_2_1_a_space_off_the_grid_is_found_where_the_record_names_it(tmp_path: Path) -> None:
    field = SHEET_FIELD.replace("at: c7", "at: c9")
    report = referee_file(_with_field(tmp_path, field), CONTENT)
    (finding,) = report.findings
    assert finding.code == "field.space" and finding.extra["rule"] == "2.1"
    assert finding.location is not None and finding.location.path == "field.airports[1].at"
