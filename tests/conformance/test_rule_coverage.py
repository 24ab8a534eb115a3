"""Every game's rule-coverage map (``pnp rules``): each rule a check cites is in its
rulebook, and each rule has a check, or a stated reason why a record cannot show it. A game
without a rulebook is skipped, saying so."""

from __future__ import annotations

import pytest

from pnpcompiler.content.components import Rulebook
from pnpcompiler.content.project import load_game
from pnpcompiler.content.rulemap import RuleMap, build_map
from tests.conformance.games import GAMES
from tests.paths import CONTENT, REPO


def rule_map(game: str, *, with_tests: bool = False) -> RuleMap:
    """Return the game's map (skip a game without a rulebook)."""
    content, findings = load_game(CONTENT, game)
    assert content is not None, findings
    if not content.of_type(Rulebook):
        pytest.skip(f"{game} has no rulebook (a content file with 'kind: rulebook')")
    found, findings = build_map(CONTENT, game, REPO / "tests" if with_tests else None)
    assert found is not None, findings
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_a_check_cites_is_in_the_catalogue(game: str) -> None:
    outside = sorted({f"{c.rule} ({c.module}:{c.line})" for c in rule_map(game).elsewhere})
    assert not outside, f"{game}: checks cite rules its rulebook does not list: {outside}"


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_has_a_check_or_a_stated_reason(game: str) -> None:
    neither = [f"{r.rule.id} ({', '.join(r.unchecked_by) or 'no check, no reason'})"
               for r in rule_map(game, with_tests=True).rules if r.status == "neither"]
    assert not neither, f"{game}: rules with neither a check nor a reason: {neither}"
