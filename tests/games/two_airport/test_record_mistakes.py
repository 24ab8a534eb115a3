"""One mistake made on a copy of an example record gives one finding (two-airport)."""

from __future__ import annotations

from pathlib import Path

from tests.mistakes import found, with_edits
from tests.paths import EXAMPLES

TWO_PLAYERS = EXAMPLES / "two-airport" / "two-players.yaml"

BENS_FIRST_TURN = """- player: Ben
  draw: storm
  actions:
  - {play: storm, at: a2}
  - {move: depart, aircraft: 2, to: d1}
  - {move: fly, aircraft: 2, to: e1}
  - {play: technical-return, aircraft: 8}
"""


def test_4_1_a_turn_left_out_is_one_turn_order_finding(tmp_path: Path) -> None:
    report = with_edits(TWO_PLAYERS, tmp_path, (BENS_FIRST_TURN, ""))
    order = [f for f in found(report) if f[0] == "turn.order"]
    # The turns after it go on clockwise from the player who played, not from the missing one.
    assert order == [("turn.order", "4.1", "turns[1].player")]


def test_6_1_a_third_card_not_held_is_one_finding(tmp_path: Path) -> None:
    report = with_edits(TWO_PLAYERS, tmp_path, (
        "  - {play: clear-sky, at: a2}\n",
        "  - {play: clear-sky, at: a2}\n  - {play: storm, at: a3}\n"))
    assert found(report) == [("card.not-held", "6.1", "turns[3].actions[4]")]


def test_4_2_a_turn_left_out_is_one_draw_not_top_finding(tmp_path: Path) -> None:
    report = with_edits(TWO_PLAYERS, tmp_path, (BENS_FIRST_TURN, ""))
    draws = [f for f in found(report) if f[0].startswith("draw.")]
    # The draws after it go on from the card the record drew, not from the card left in the pile.
    assert draws == [("draw.not-top", "4.2", "turns[1].draw")]


def test_2_5_a_wrong_seed_is_one_finding(tmp_path: Path) -> None:
    report = with_edits(TWO_PLAYERS, tmp_path, ("seed: 3\n", "seed: 4\n"))
    assert found(report) == [("setup.seed", "2.5", "seed")]


def test_5_2_a_depart_written_twice_is_one_finding(tmp_path: Path) -> None:
    report = with_edits(TWO_PLAYERS, tmp_path, (
        "  - {move: depart, aircraft: 4, to: b1}\n",
        "  - {move: depart, aircraft: 4, to: b1}\n  - {move: depart, aircraft: 4, to: b1}\n"))
    # The copy is not one of the turn's two moves: the turn's next move is not a third.
    assert found(report) == [("move.depart", "5.2", "turns[0].actions[1].move")]


def test_8_2_an_extra_diagonal_move_written_straight_is_one_finding(tmp_path: Path) -> None:
    report = with_edits(TWO_PLAYERS, tmp_path, (
        "  - {move: extra-diagonal, aircraft: 4, to: c2}\n",
        "  - {move: extra-diagonal, aircraft: 4, to: b2}\n"))
    # The record goes on from c2, the square the card reaches: aircraft 4's next move is
    # judged from there, not from b1 where the referee kept it.
    assert found(report) == [("move.diagonal", "8.2", "turns[0].actions[1].to")]

