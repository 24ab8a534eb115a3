"""Air Cargo's rulebook content against the rulebook's text: its sections, in the text's
order."""

from __future__ import annotations

import re

from tests.games.rulebooks import catalogue, seed_text

RULEBOOK = "002_45b3428a1e4dd121.txt"


def test_air_cargo_rulebook_lists_its_sections_in_the_text_s_order() -> None:
    lines = seed_text(RULEBOOK).splitlines()
    at = -1
    for section in catalogue("air-cargo"):
        heading = re.compile(rf"^(?:General –)?{re.escape(section)}\b")
        found = next((i for i, line in enumerate(lines) if i > at and heading.match(line)),
                     None)
        assert found is not None, f"no section {section!r} after line {at + 1} of the text"
        at = found
