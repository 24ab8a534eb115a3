"""Golden Air Cargo records: the example games, legal, and illegal ones with one mistake each.

The legal games are the examples in examples/air-cargo/ (played by tools/play_air_cargo.py);
the illegal ones are made from them by ``tools/make_air_cargo_cases.py``, each in
tests/golden/air-cargo-referee/<case>/record.yaml with its report in expected.txt. The
conformance suite referees them all against their reports
(tests/conformance/test_referee_goldens.py; ``--update-goldens`` rewrites the reports); here,
how the examples end, and that each illegal case holds one mistake.
"""

from __future__ import annotations

import re

from pnpcompiler.referee import referee_file
from tests.paths import CONTENT, EXAMPLES, GOLDEN

GAMES = sorted((EXAMPLES / "air-cargo").glob("*.yaml"))
CASES = sorted(p for p in (GOLDEN / "air-cargo-referee").iterdir() if p.is_dir())
ILLEGAL = [c for c in CASES if not c.name.startswith("legal-")]
FINDING = re.compile(r"^\S+:\d+:\d+: (?:error|warning) (\S+):", re.MULTILINE)


def test_examples_end_in_a_crash_a_stop_and_a_gold_wing() -> None:
    ends = {}
    for record in GAMES:
        report = referee_file(record, CONTENT)
        ends[record.stem] = next(iter(report.scores.values()))
    assert ends["crash"]["end"] == "crash" and ends["crash"]["result"] == "lost"
    assert ends["stop"]["end"] == "stop"
    points = ends["gold-wing"]["points"]
    assert ends["gold-wing"]["rank"] == "Gold Wing pilot" and isinstance(points, int) \
        and points >= 45
    assert ends["pilot-log"]["points"] == ends["gold-wing"]["points"]


def test_each_case_is_legal_or_holds_one_mistake() -> None:
    """A legal case's report exits 0; an illegal one's exits 1 with one kind of finding."""
    wrong = []
    for case in CASES:
        report = (case / "expected.txt").read_text(encoding="utf-8")
        legal = case.name.startswith("legal-")
        codes = set(FINDING.findall(report))
        if report.splitlines()[-1] != f"exit code {0 if legal else 1}" or (
                not legal and len(codes) != 1):
            wrong.append((case.name, sorted(codes)))
    assert wrong == [], "each illegal case holds one mistake; a legal one none"


def test_there_are_at_least_20_illegal_cases() -> None:
    assert len(ILLEGAL) >= 20
    assert {c.name for c in CASES} >= {"legal-crash", "legal-stop", "legal-gold-wing"}
