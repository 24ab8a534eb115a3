"""One mistake a player makes on the air-cargo Pilot Log, one finding.

Each test copies examples/air-cargo/pilot-log.yaml with one mistake made the way it is made
on paper (the score and rank at the bottom carry it when the player would have carried it)
and checks the one finding the referee gives: its code, rule and the box it points at.
"""

from __future__ import annotations

from pathlib import Path

from pnpcompiler.referee import AnyReport, referee_file
from tests.paths import CONTENT, EXAMPLES

EXAMPLE = EXAMPLES / "air-cargo" / "pilot-log.yaml"


def with_mistake(tmp_path: Path, *edits: tuple[str, str]) -> AnyReport:
    """Referee the example with each ``(old, new)`` text replaced (each old text once)."""
    text = EXAMPLE.read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    record = tmp_path / "pilot-log.yaml"
    record.write_text(text, encoding="utf-8")
    return referee_file(record, CONTENT)


def found(report: AnyReport) -> list[tuple[str, str | None, str | None]]:
    """Return each finding's code, rule and path in the record."""
    return [(f.code, f.extra.get("rule"), f.location.path if f.location else None)
            for f in report.findings]


def test_winning_the_game_a_rank_that_follows_a_wrong_score_is_one_finding(
        tmp_path: Path) -> None:
    """The score added up to 44 and the rank read for 44 (Silver Wing): the sum is the
    mistake, the rank only follows it."""
    report = with_mistake(tmp_path, ("score: 45 ", "score: 44 "),
                          ("rank: Gold Wing pilot", "rank: Silver Wing pilot"))
    assert found(report) == [("score.points", "Score", "score")]


def test_winning_the_game_a_rank_misread_for_the_score_is_still_found(tmp_path: Path) -> None:
    report = with_mistake(tmp_path, ("rank: Gold Wing pilot", "rank: Silver Wing pilot"))
    assert found(report) == [("score.rank", "Winning the game", "rank")]
