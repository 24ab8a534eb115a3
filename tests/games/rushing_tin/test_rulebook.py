"""Rushing Tin's rulebook content against the rulebook's text: every numbered rule, section
and card, in the text's order."""

from __future__ import annotations

import re

from tests.games.rulebooks import catalogue, seed_text

RULEBOOK = "000_1d35b0497d7025c9.txt"
#: A numbered heading (``## 1.20 ROLL FOR EVENTS``) or rule (``- 1.00**``, ``**1.21**``,
#: ``**6.07 SPECIAL RULE:**``) of the Rushing Tin rulebook.
NUMBERED = re.compile(r"^(?:#+ |\s*-? ?\*\*|- )(\d{1,2}\.\d{2})(?:\*\*| )")


def test_rushing_tin_rulebook_lists_every_numbered_rule_of_the_text_in_order() -> None:
    numbers: list[str] = []
    for line in seed_text(RULEBOOK).splitlines():
        match = NUMBERED.match(line)
        if match and match.group(1) not in numbers:
            numbers.append(match.group(1))
    assert numbers[0] == "1.00" and numbers[-1] == "12.09"
    assert catalogue("rushing-tin", "rule") == numbers


def states(line: str, entry: str) -> bool:
    """Return whether a line of the text is where a catalogue entry stands: a numbered rule
    where the rulebook numbers it, a section or card at its heading (which may go on:
    MULTI-ROUTE HAND-OFF CARDS, LIGHTNING STRIKES - STORMS)."""
    match = NUMBERED.match(line)
    if match is not None:
        return match.group(1) == entry
    return re.match(rf"^#+ {re.escape(entry)}(?![\w'])", line) is not None


def test_rushing_tin_sections_and_cards_stand_among_the_numbered_rules_in_the_text_s_order(
        ) -> None:
    lines = seed_text(RULEBOOK).splitlines()
    at = -1
    for entry in catalogue("rushing-tin"):
        found = next((i for i, line in enumerate(lines) if i > at and states(line, entry)), None)
        assert found is not None, f"no {entry!r} after line {at + 1} of the text"
        at = found
    assert set(catalogue("rushing-tin", "card")) >= {"GO AROUND", "STRONG WINDS", "APPRAISAL"}
