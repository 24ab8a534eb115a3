"""The repository's games: manifests follow their rulebooks exactly."""

from __future__ import annotations

from pathlib import Path

from pnpcompiler.findings import Severity
from pnpcompiler.project import load_game

CONTENT = Path(__file__).resolve().parent.parent / "content"


def test_rushing_tin_game_piece_guide() -> None:
    """GAME PIECE GUIDE: every component and count as listed, plus the Sector Log (1.07)."""
    game, _findings = load_game(CONTENT, "rushing-tin")
    assert game is not None
    counts = {e.id: e.count for e in game.manifest.bill_of_materials}
    assert counts == {
        "sector-map": 1, "plane-cubes": 12, "entry-exit-counters": 6, "plane-id-counters": 12,
        "weather-system-counters": 48, "wind-counters": 4, "single-route-hand-off-cards": 30,
        "multi-route-hand-off-cards": 25, "random-event-cards": 25, "weather-event-cards": 14,
        "key-controller-cards": 5, "cautioned-controller-cards": 5,
        "black-listed-controller-cards": 5, "time-counter": 1, "six-sided-die": 1,
        "cash": 10000, "sector-log": 1,
    }
    assert (game.manifest.players.min, game.manifest.players.max) == (1, 4)


def test_rushing_tin_multi_route_contradiction_is_the_one_warning() -> None:
    """GAME PIECE GUIDE says 25 multi-route cards, HAND-OFF CARDS says 20: one warning."""
    _, findings = load_game(CONTENT, "rushing-tin")
    assert [(f.severity, f.code) for f in findings] == [
        (Severity.WARNING, "rulebook.contradiction")]
    message = findings[0].message
    assert "GAME PIECE GUIDE" in message and "25x 'Multi-Route'" in message
    assert "MULTI-ROUTE HAND-OFF CARDS" in message and "Each of the 20" in message


def test_air_cargo_you_need_list() -> None:
    """'You need': 2 D6 dice, the map and pilot log, a leg template."""
    game, findings = load_game(CONTENT, "air-cargo")
    assert game is not None and findings == []
    assert {e.id: (e.count, e.printed) for e in game.manifest.bill_of_materials} == {
        "map": (1, True), "pilot-log": (1, True), "dice": (2, False), "leg-template": (1, True)}
    assert (game.manifest.players.min, game.manifest.players.max) == (1, 1)
