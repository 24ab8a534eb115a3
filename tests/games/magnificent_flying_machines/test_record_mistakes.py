"""One mistake made on a copy of an example record gives one finding (Magnificent Flying
Machines)."""

from __future__ import annotations

from pathlib import Path

from tests.mistakes import found, with_edits
from tests.paths import EXAMPLES

QUICK_START = EXAMPLES / "magnificent-flying-machines" / "quick-start-4.yaml"

BIPLANES_FIRST_TURN = """- machine: biplane
  phases:
  - action: take-off
    dice: [5, 2, 3, 2]
    spare_parts: 1
    outcome: pass
  - action: fly-on
    dice: [6, 2, 4, 3, 1]
    outcome: pass
"""


def test_8_1_a_turn_left_out_is_one_turn_order_finding(tmp_path: Path) -> None:
    text = QUICK_START.read_text(encoding="utf-8")
    start = text.index(BIPLANES_FIRST_TURN)
    end = text.index("- machine: seaplane", start)
    report = with_edits(QUICK_START, tmp_path, (text[start:end], ""))
    order = [f for f in found(report) if f[0] == "turn.order"]
    # The turns after it go on from the machine that played, not from the one left out.
    assert order == [("turn.order", "8.1", "turns[1].machine")]


def test_8_1_a_wrong_machine_named_is_one_finding(tmp_path: Path) -> None:
    report = with_edits(QUICK_START, tmp_path, (BIPLANES_FIRST_TURN, BIPLANES_FIRST_TURN.replace(
        "- machine: biplane", "- machine: seaplane")))
    # The record goes on from the biplane: the turn is judged as the biplane's.
    assert found(report) == [("turn.order", "8.1", "turns[1].machine")]


def test_8_1_an_extra_action_phase_is_one_finding_and_not_scored(tmp_path: Path) -> None:
    last = "  - {action: autographs}\n  fuel: 1\n  luck: false\n- machine: monoplane\n  phases:\n"
    last += "  - action: landing\n    dice: [5, 4, 2, 5, 1]\n"
    report = with_edits(QUICK_START, tmp_path, (last, "  - {action: autographs}\n" + last))
    # A score written without the extra phase's points is not also a score.total finding.
    assert [f[:2] for f in found(report)] == [("phase.count", "8.1")]


def test_9_1_a_turn_after_the_race_is_one_finding_and_not_scored(tmp_path: Path) -> None:
    report = with_edits(QUICK_START, tmp_path, (
        "end:\n", "- machine: biplane\n  phases:\n  - {action: autographs}\n  fuel: 0\n"
        "  luck: false\nend:\n"))
    # The turn is not played: its points are not also a score.total finding.
    assert [f[:2] for f in found(report)] == [("game.over", "9.1")]


def test_9_2_a_player_left_out_of_the_scores_is_a_finding(tmp_path: Path) -> None:
    report = with_edits(QUICK_START, tmp_path, (
        "scores: {Ann: -5, Bob: 23, Cat: 0, Dan: 26}", "scores: {Ann: -5, Bob: 23, Dan: 26}"))
    assert found(report) == [("score.missing", "9.2", "end.scores")]
