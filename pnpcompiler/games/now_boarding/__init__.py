"""Now Boarding (Tim Fowers and Seth Jaffee, v3.0 rules): component kinds, rule checks, kit."""

from __future__ import annotations

from ...content.plugin import EXACTLY_ONE, Rules
from . import checks, kit
from .model import KINDS, NowBoardingRules

rules = Rules().include(checks.rules, kit.rules)
for _kind in KINDS:
    rules.kind(_kind)
rules.kind(NowBoardingRules, count=EXACTLY_ONE)
rules.not_printed(NowBoardingRules, "the colours, schedule, planes, prices and tiers the rule "
                  "checks, the kit and the referee read; the Schedule board and price cards "
                  "print them")

# The referee is imported when a record is first refereed, never to validate or build.
rules.records(f"{__name__}.referee")
rules.simulation(f"{__name__}.simulation")

__all__ = ["checks", "kit", "rules"]
