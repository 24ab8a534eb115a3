"""Who accepts when: the set-up's second round and its roll-off (1.12-1.14), a turn's
acceptances clockwise from the Lead Controller and the roll-offs for the planes left
(1.81-1.83)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pnpcompiler.content.project import GameContent
from pnpcompiler.games.rushing_tin.referee.accepting import turn_acceptances
from pnpcompiler.games.rushing_tin.referee.context import Context
from pnpcompiler.games.rushing_tin.referee.log import Turn
from pnpcompiler.referee import referee_file
from tests.games.rushing_tin.tables import shift_in_turn_5
from tests.paths import CONTENT

SETUP = """\
game: rushing-tin
record: shift
atcs: [{id: A}, {id: B}]
lead: A
setup:
  pending: {A: [AA306, CA302, AA204], B: [CA201, TJ206, AL205]}
  accept:
"""
A_CARDS = ["AA306", "CA302", "AA204"]
B_CARDS = ["CA201", "TJ206", "AL205"]


def setup_findings(tmp_path: Path, who: str, rolls: str = "") -> list[tuple[str, str]]:
    """Referee a set-up whose six acceptances are made by ``who`` in order (A, B...)."""
    cards = {"A": list(A_CARDS), "B": list(B_CARDS)}
    lines = [f"    - {{atc: {atc}, flight: {cards[atc].pop(0)}, plane: {n}}}"
             for n, atc in enumerate(who, start=1)]
    text = SETUP + "\n".join(lines) + "\n" + (f"  accept_rolls: {rolls}\n" if rolls else "")
    record = tmp_path / "setup.yaml"
    record.write_text(text, encoding="utf-8")
    report = referee_file(record, CONTENT)
    return [(f.code, str(f.extra.get("rule"))) for f in report.findings]


def test_1_12_taking_turns_round_the_table_is_legal(tmp_path: Path) -> None:
    assert setup_findings(tmp_path, "ABABAB") == []


def test_1_12_the_second_round_starts_with_the_lead_controller(tmp_path: Path) -> None:
    """B accepts first in the second round, so A let their turn go by; A accepting next,
    before B declines, is out of turn."""
    assert setup_findings(tmp_path, "ABBAAB") == [("accept.out-of-turn", "1.12")]


def test_1_14_the_lowest_roll_accepts_first_then_round_again(tmp_path: Path) -> None:
    """A declines in the second round; B takes one, then nobody wants the last three: A
    rolled lower, so A, B, A."""
    assert setup_findings(tmp_path, "ABBABA", "{A: [3], B: [4]}") == []


def test_1_14_accepting_against_the_roll_off(tmp_path: Path) -> None:
    assert setup_findings(tmp_path, "ABBABA", "{A: [4], B: [3]}") == [
        ("accept.roll-off", "1.14")]


def test_1_14_only_the_shifts_atcs_roll_in_the_roll_off(tmp_path: Path) -> None:
    assert setup_findings(tmp_path, "ABBABA", "{A: [3], B: [4], Z: [1]}") == [
        ("rolls.unknown-atc", "1.14")]


def test_1_14_ties_are_re_rolled(tmp_path: Path) -> None:
    assert setup_findings(tmp_path, "ABBABA", "{A: [3, 5], B: [3, 2]}") == [
        ("accept.roll-off", "1.14")]
    assert setup_findings(tmp_path, "ABBABA", "{A: [3, 2], B: [3, 5]}") == []


@pytest.fixture(scope="module")
def game(rushing_tin: GameContent) -> GameContent:
    return rushing_tin


@pytest.fixture
def table(game: GameContent) -> Context:
    """Turn 5 with three ATCs, A (the lead), B and C, each holding three pending cards."""
    ctx = shift_in_turn_5(game, "ABC")
    hands = {"A": A_CARDS, "B": B_CARDS, "C": ["RA304", "AL402", "TJ403"]}
    for atc, cards in hands.items():
        ctx.state.controllers[atc].pending = list(cards)
    return ctx


def turn_findings(ctx: Context, pool: int, who: str, rolls: dict[str, Any] | None = None
                  ) -> list[tuple[str, str, str]]:
    """Judge a turn's acceptances by ``who`` in order with ``pool`` planes in the pool."""
    ctx.state.pool = set(range(1, pool + 1))
    hands = {a: list(c.pending) for a, c in ctx.state.controllers.items()}
    accepts = [{"atc": atc, "flight": hands[atc].pop(0), "plane": n}
               for n, atc in enumerate(who, start=1)]
    turn = Turn.model_validate({"turn": 5, "roll": 3, "accept": accepts,
                                "accept_rolls": rolls})
    turn_acceptances(ctx, turn)
    return [(f.code, str(f.extra.get("rule")), f.severity.value) for f in ctx.findings]


def test_1_81_one_at_a_time_clockwise_from_the_lead(table: Context) -> None:
    assert turn_findings(table, 5, "ABCAB") == []


def test_1_81_an_atc_may_let_their_turn_go_by(table: Context) -> None:
    """A and C decline; B takes the two planes."""
    assert turn_findings(table, 2, "BB") == []


def test_1_81_accepting_after_letting_the_turn_go_by(table: Context) -> None:
    assert turn_findings(table, 3, "BCA") == [("accept.out-of-turn", "1.81", "error")]


def test_1_81_a_hand_off_lets_its_atc_accept_first(table: Context) -> None:
    """1.43: C handed off a plane this turn and accepts at once, before the round."""
    table.incident("hand-off", "4.01", piece=9, atc="C")
    assert turn_findings(table, 3, "CAB") == []


def test_1_82_too_few_planes_the_highest_rolls_choose(table: Context) -> None:
    rolls = {"A": [2], "B": [6], "C": [4]}
    assert turn_findings(table, 2, "BC", rolls) == []


def test_1_82_a_lower_roll_chooses_first(table: Context) -> None:
    rolls = {"A": [5], "B": [6], "C": [4]}
    assert turn_findings(table, 2, "AB", rolls) == [("accept.roll-off", "1.82", "error")]


def test_1_83_nobody_wants_them_the_lowest_roll_must_accept(table: Context) -> None:
    """Four planes for three ATCs: A and B accept, C and A let their turn go by, B takes
    another; then nobody wants the last: C rolled lowest and must take it, not A."""
    rolls = {"A": [5], "B": [3], "C": [1]}
    assert turn_findings(table, 4, "ABBC", rolls) == []
    table.findings.clear()
    assert turn_findings(table, 4, "ABBA", rolls) == [("accept.roll-off", "1.83", "error")]


def test_1_83_the_roll_off_missing(table: Context) -> None:
    """A and B let their turns go by while C takes three planes and has no card left; the
    two planes nobody wanted go to A and B by a roll-off the record does not have (one
    warning for both)."""
    assert turn_findings(table, 5, "CCCAB") == [
        ("accept.roll-off-missing", "1.83", "warning")]
