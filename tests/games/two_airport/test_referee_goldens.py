"""Golden two-airport records: the example games, legal, and illegal ones with one mistake each.

The legal games are the examples in examples/two-airport/ (played by
tools/play_two_airport.py); the illegal ones are made from them by
``tools/make_two_airport_cases.py``, each in tests/golden/two-airport-referee/<case>/ with its
report in expected.txt. The conformance suite referees them against their reports; here, how
the examples end, and that each illegal case holds one mistake.
"""

from __future__ import annotations

import re

from pnpcompiler.referee import referee_file
from tests.paths import CONTENT, EXAMPLES, GOLDEN

CASES = sorted(p for p in (GOLDEN / "two-airport-referee").iterdir() if p.is_dir())
ILLEGAL = [c for c in CASES if not c.name.startswith("legal-")]
FINDING = re.compile(r"^\S+:\d+:\d+: (?:error|warning) (\S+):", re.MULTILINE)


def test_examples_are_legal_games_of_two_and_four_players_with_a_winner() -> None:
    players = {}
    for record in sorted((EXAMPLES / "two-airport").glob("*.yaml")):
        report = referee_file(record, CONTENT)
        assert report.legal and report.winner is not None, record.name
        players[record.stem] = len(report.scores)
    assert players == {"two-players": 2, "four-players": 4}


def test_each_case_is_legal_or_holds_one_mistake() -> None:
    wrong = []
    for case in CASES:
        report = (case / "expected.txt").read_text(encoding="utf-8")
        legal = case.name.startswith("legal-")
        codes = FINDING.findall(report)
        if report.splitlines()[-1] != f"exit code {0 if legal else 1}" or (
                not legal and len(codes) != 1):
            wrong.append((case.name, codes))
    assert wrong == [], "each illegal case holds one mistake; a legal one none"


def test_there_are_at_least_20_illegal_cases_each_citing_a_rule_number() -> None:
    assert len(ILLEGAL) >= 20
    for case in ILLEGAL:
        assert re.search(r"\[rule [1-8]\.\d+, turn \d+", (case / "expected.txt").read_text(
            encoding="utf-8")) or "setup" in (case / "expected.txt").read_text(
            encoding="utf-8"), case.name
