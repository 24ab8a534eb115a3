"""The rule-coverage map: every rule of a game's rulebook with the checks and tests that cite
it, or the reason a record cannot show it (``pnp rules GAME``)."""

from __future__ import annotations

from .citations import Citation, scan
from .coverage import (
    RuleCoverage,
    RuleMap,
    build_map,
    display_tests,
    exit_code,
    map_json,
    render_json,
    render_text,
)
from .testcases import cited_in_tests

__all__ = [
    "Citation",
    "RuleCoverage",
    "RuleMap",
    "build_map",
    "cited_in_tests",
    "display_tests",
    "exit_code",
    "map_json",
    "render_json",
    "render_text",
    "scan",
]
