"""A rulebook: the catalogue of a game's numbered or named rules, for the rule-coverage map.

Each entry is a rule as the rulebook numbers it (``1.00``), a section as it names it
(``Hazard pass check``) or a card whose text is a rule (``GO AROUND``). A rule that a
recorded game cannot show says why, with a reason from a small vocabulary, so that ``pnp
rules`` can tell a rule nobody checks from one nobody can.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...core.model import Model
from .base import Component

#: Why a rule has no check in the referee, and what each reason means (docs/content.md).
REASONS: dict[str, str] = {
    "left-to-players": "a judgement or agreement the rules leave to the players; a record "
                       "can state it, the referee cannot prove it",
    "not-in-record": "what the rule governs is not written in any record the game reads",
    "content": "enforced by the content validator (pnp validate), not by the referee",
    "no-rule": "a heading, flavour or procedure with nothing of its own to check",
    "covered-by": "a definition or restatement that the checks of the rules named in 'by' "
                  "enforce; the map shows it uncovered when none of those is checked",
    "not-yet-checked": "a record could show it, but the referee does not check it yet",
}

Reason = Literal["left-to-players", "not-in-record", "content", "no-rule", "covered-by",
                 "not-yet-checked"]


class Unchecked(Model):
    """Why no check in the referee enforces this rule."""

    reason: Reason
    """One of: left-to-players, not-in-record, content, no-rule, covered-by,
    not-yet-checked."""
    note: str = Field(min_length=1)
    """Why, in a sentence."""
    by: list[str] = Field(default_factory=list)
    """For ``covered-by``: the rules whose checks enforce this one (rule numbers or section
    names, as checks cite them)."""


class Rule(Model):
    """One numbered rule (``4.10``), named section (``Hazard pass check``) or card whose text
    is a rule (``GO AROUND``)."""

    id: str = Field(min_length=1, max_length=80, pattern=r"^\S(.*\S)?$")
    """The rule's number or the section's name, exactly as the rulebook prints it."""
    kind: Literal["rule", "section", "card"] = "rule"
    """What the entry is: a numbered ``rule``, a named ``section`` of the rulebook, or a
    ``card`` whose text is a rule (Rushing Tin's random event cards)."""
    title: str = Field(min_length=1)
    """Short, in the rulebook's words: its heading, or the first words of the rule."""
    unchecked: Unchecked | None = None
    """For a rule the referee does not check: the reason and a note."""


class Rulebook(Component):
    """The catalogue of a game's rules, in the rulebook's order."""

    kind: Literal["rulebook"] = "rulebook"
    rules: list[Rule] = Field(min_length=1)

    base_kind = "rulebook"
