"""Rushing Tin's manifest follows its rulebook exactly; its golden content edits are there."""

from __future__ import annotations

from pnpcompiler.content.project import load_game
from pnpcompiler.core.findings import Severity
from tests.paths import CONTENT, GOLDEN


def test_rushing_tin_game_piece_guide() -> None:
    """GAME PIECE GUIDE: every component and count as listed, plus the Sector Log (1.07) and
    the player aid (the designer's)."""
    game, _findings = load_game(CONTENT, "rushing-tin")
    assert game is not None
    counts = {e.id: e.count for e in game.manifest.bill_of_materials}
    assert counts == {
        "sector-map": 1, "plane-cubes": 12, "entry-exit-counters": 6, "plane-id-counters": 12,
        "weather-system-counters": 48, "wind-counters": 4, "single-route-hand-off-cards": 30,
        "multi-route-hand-off-cards": 25, "random-event-cards": 25, "weather-event-cards": 14,
        "key-controller-cards": 5, "cautioned-controller-cards": 5,
        "black-listed-controller-cards": 5, "time-counter": 1, "six-sided-die": 1,
        "cash": 10000, "sector-log": 1, "player-aid": 1,
    }
    assert (game.manifest.players.min, game.manifest.players.max) == (1, 4)


def test_rushing_tin_warns_of_its_contradictions_and_tight_schedules_only() -> None:
    """The rulebook contradicts itself four times (25 vs 20 multi-route cards, Mucho Grande's
    1:15 vs "an Hour", 8 hours vs 31 turns ending 15:45, 4.10 sending the overshoot's bonus cut
    to 4.13 where 4.12 gives it); on the designer's map two schedules leave no spare turn. Each
    is one warning, and nothing else is reported."""
    _, findings = load_game(CONTENT, "rushing-tin")
    assert [(f.severity, f.code) for f in findings] == [
        (Severity.WARNING, "rulebook.contradiction")] * 4 + [
        (Severity.WARNING, "schedule.tight")] * 2
    cards, mucho, shift, overshoot, tight_1, tight_2 = (f.message for f in findings)
    assert "GAME PIECE GUIDE" in cards and "25x 'Multi-Route'" in cards
    assert "MULTI-ROUTE HAND-OFF CARDS" in cards and "Each of the 20" in cards
    assert "within an Hour and 15 minutes" in mucho and "fails to land in a Hour" in mucho
    assert "8 hours" in shift and "31st turn (15:45)" in shift
    assert "as outlined in 4.13" in overshoot and "one-off 50% penalty" in overshoot
    assert tight_1.startswith("CA506 ") and tight_2.startswith("RA304 ")


def test_there_are_rushing_tin_content_edits() -> None:
    """tests/golden/rushing-tin/: one edit each to the real content (run by the conformance
    suite, tests/conformance/test_content_goldens.py)."""
    assert len([p for p in (GOLDEN / "rushing-tin").iterdir() if p.is_dir()]) >= 8
