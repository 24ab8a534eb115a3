"""The rule-coverage map (pnp rules): the scan of a game's source and of its tests, the
command. Each game's map is checked by the conformance suite
(tests/conformance/test_rule_coverage.py), each rulebook against its text in
tests/games/<game>/test_rulebook.py."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from pnpcompiler.content.rulemap import cited_in_tests, scan

RACE_RULES = '''\
"""The race game's referee."""
from __future__ import annotations

from functools import partial

from pnpcompiler.core.findings import error
from pnpcompiler.content.plugin import Rules
from pnpcompiler.referee import Rulings

rules = Rules()


def move(rulings: Rulings, roll: int) -> None:
    rulings.rule("x.y", "2.01", "a plain citation", None)
    rulings.rule("turn.order", "2.02" if roll else "2.03", "out of turn", None)
    rulings.rule("move.far", "Moving", "a rule the rulebook does not list", None)


def _penalty(rulings: Rulings, *, rule: str) -> None:
    kind = "fine"
    rulings.incident(kind, rule)


def land(rulings: Rulings) -> None:
    _penalty(rulings, rule="2.04")
    say = partial(rulings.rule, warn=True)
    say("land.late", "2.05", "late", None)
    for code, rule in (("a.b", "2.06"), ("c.d", "2.07")):
        rulings.rule(code, rule, "from a table", None)
    print("2.09 is not a ruling")


@rules.check
def board(game):
    yield error("board.square", "the board is square (rule 2.08)", None)
'''


def line_of(source: str, text: str) -> int:
    """Return the 1-based line of ``source`` holding ``text``."""
    return next(i for i, line in enumerate(source.splitlines(), 1) if text in line)


def test_scan_finds_ruling_calls_conditionals_callers_aliases_tables_and_findings(
        tmp_path: Path) -> None:
    path = tmp_path / "rules.py"
    path.write_text(RACE_RULES, encoding="utf-8")
    ids = [f"2.0{n}" for n in range(1, 10)]
    found, elsewhere = scan([("race.rules", path)], ids)
    cited = {(c.rule, c.code, c.call, c.line) for c in found}
    assert cited == {
        ("2.01", "x.y", "rule", line_of(RACE_RULES, '"2.01"')),
        ("2.02", "turn.order", "rule", line_of(RACE_RULES, '"2.02" if')),
        ("2.03", "turn.order", "rule", line_of(RACE_RULES, '"2.02" if')),
        ("2.04", "fine", "incident", line_of(RACE_RULES, 'rule="2.04"')),
        ("2.05", "land.late", "rule", line_of(RACE_RULES, '"2.05"')),
        ("2.06", "a.b|c.d", "rule", line_of(RACE_RULES, '"2.06"')),
        ("2.07", "a.b|c.d", "rule", line_of(RACE_RULES, '"2.06"')),
        ("2.08", "board.square", "finding", line_of(RACE_RULES, "(rule 2.08)")),
    }
    assert {c.module for c in found} == {"race.rules"}
    assert [(c.rule, c.code) for c in elsewhere] == [("Moving", "move.far")]


def test_scan_follows_a_rule_looked_up_in_a_table(tmp_path: Path) -> None:
    source = textwrap.dedent('''\
        DICE = {"roll": "2.01", "bid": "AUCTION"}
        CARDS = {"storm": "STORM"}


        def die_rule(path):
            return next(DICE[k] for k in reversed(path) if k in DICE)


        def check(rulings, path, card):
            rulings.rule("dice.seed", die_rule(path), "a die", None)
            rulings.rule("card.late", CARDS.get(card, "2.02"), "a card", None)
        ''')
    path = tmp_path / "rules.py"
    path.write_text(source, encoding="utf-8")
    found, elsewhere = scan([("race.rules", path)], ["2.01", "2.02", "STORM"])
    assert {(c.rule, c.code, c.line) for c in found} == {
        ("2.01", "dice.seed", 1), ("2.02", "card.late", 11), ("STORM", "card.late", 2)}
    assert [(c.rule, c.code) for c in elsewhere] == [("AUCTION", "dice.seed")]


def test_scan_skips_a_file_that_does_not_parse(tmp_path: Path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("def (:\n", encoding="utf-8")
    good = tmp_path / "good.py"
    good.write_text('rulings.rule("x.y", "2.01", "m", None)\n', encoding="utf-8")
    found, _ = scan([("broken", broken), ("good", good)], ["2.01"])
    assert [(c.rule, c.module, c.line) for c in found] == [("2.01", "good", 1)]


def test_tests_cite_rules_by_name_and_golden_cases_by_their_reports(tmp_path: Path) -> None:
    (tmp_path / "test_race.py").write_text(textwrap.dedent('''\
        """Tests of the race game."""
        def test_2_01_a_roll_moves(): ...
        def test_2_02_2_03_turn_order(): ...
        def test_winning_the_race_at_space_20(): ...
        def test_20_01_is_not_a_rule(): ...
        '''), encoding="utf-8")
    (tmp_path / "test_other.py").write_text("def test_2_04_of_another_game(): ...\n",
                                            encoding="utf-8")
    case = tmp_path / "golden" / "race-referee" / "late-landing"
    case.mkdir(parents=True)
    (case / "record.yaml").write_text("game: race\n", encoding="utf-8")
    (case / "expected.txt").write_text("r.yaml:3:1: error land.late: [rule 2.05, turn 2] late\n",
                                       encoding="utf-8")
    as_json = tmp_path / "golden" / "race-referee" / "out-of-turn-json"
    as_json.mkdir(parents=True)
    (as_json / "expected.json").write_text('{"game": "race", "findings": [{"rule": "2.03"}]}',
                                           encoding="utf-8")
    other = tmp_path / "golden" / "other" / "case"
    other.mkdir(parents=True)
    (other / "expected.txt").write_text("[rule 2.06] of another game\n", encoding="utf-8")
    tests = cited_in_tests(tmp_path, "race", ["2.01", "2.02", "2.03", "2.04", "2.05", "2.06",
                                            "Winning the race"])
    here = tmp_path.as_posix()
    assert tests["2.01"] == [f"{here}/test_race.py::test_2_01_a_roll_moves"]
    assert tests["2.02"] == [f"{here}/test_race.py::test_2_02_2_03_turn_order"]
    assert tests["2.03"] == [*tests["2.02"], as_json.as_posix()]
    assert tests["Winning the race"] == [
        f"{here}/test_race.py::test_winning_the_race_at_space_20"]
    assert tests["2.04"] == [] and tests["2.06"] == []
    assert tests["2.05"] == [case.as_posix()]


RULEBOOK = textwrap.dedent('''\
    kind: rulebook
    rules:
      - {id: "2.01", title: A roll moves}
      - {id: "2.02", title: Turn order}
      - id: "2.03"
        title: Out of turn
        unchecked: {reason: covered-by, by: ["2.02"], note: The same check.}
      - id: "2.09"
        title: Shake hands
        unchecked: {reason: left-to-players, note: Good manners are not recorded.}
      - id: "2.10"
        title: Keep score
        unchecked: {reason: not-yet-checked, note: The record has it; no check yet.}
      - {id: WINNING, kind: section, title: The first past the post wins}
      - {id: TAILWIND, kind: card, title: Move one space more}
    ''')
GAME_RULES = '''\
from pnpcompiler.content.plugin import Rules

rules = Rules()


def move(rulings):
    rulings.rule("turn.order", "2.02", "out of turn", None)
    rulings.rule("x.y", "2.01", "plain", None)
    rulings.rule("win.first", "WINNING", "a section", None)
    rulings.rule("wind.tail", "TAILWIND", "a card", None)
'''


@pytest.fixture
def race(project: Callable[..., Path]) -> Path:
    """A project whose golden game has a rulebook and a rules.py that cites two rules."""
    game = project({"rulebook.yaml": RULEBOOK, "rules.py": GAME_RULES})
    tests = game.parent.parent / "tests"
    tests.mkdir()
    (tests / "test_golden.py").write_text('"""The golden game."""\ndef test_2_01_x(): ...\n',
                                          encoding="utf-8")
    return game


def test_cli_text_lists_every_rule_then_the_summary(race: Path, pnp) -> None:  # type: ignore[no-untyped-def]
    code, out = pnp("rules", "golden")
    assert code == 0
    assert "WINNING  (section) The first past the post wins\n    check win.first  rules:9" in out
    assert "TAILWIND  (card) Move one space more\n    check wind.tail  rules:10" in out
    assert ("2.01  A roll moves\n    check x.y  rules:8\n"
            "    test  tests/test_golden.py::test_2_01_x") in out
    assert "2.03  Out of turn\n    covered-by 2.02: The same check." in out
    assert "2.10  Keep score\n    NOT YET CHECKED: The record has it; no check yet." in out
    assert out.strip().endswith("golden: 7 rules (5 numbered, 1 section, 1 card): 4 checked by "
                                "the referee, 2 with a stated reason, 1 not yet checked, 0 with "
                                "neither")


def test_cli_json_has_stable_keys(race: Path, pnp) -> None:  # type: ignore[no-untyped-def]
    code, out = pnp("rules", "golden", "--format", "json")
    assert code == 0
    body = json.loads(out)
    assert set(body) == {"game", "title", "rulebooks", "rules", "not_in_rulebook", "summary"}
    first = body["rules"][0]
    assert first == {"id": "2.01", "kind": "rule", "title": "A roll moves", "status": "checked",
                     "checks": [{"code": "x.y", "call": "rule", "module": "rules", "line": 8}],
                     "tests": ["tests/test_golden.py::test_2_01_x"], "unchecked": None}
    assert body["rules"][2]["unchecked"] == {"reason": "covered-by", "note": "The same check.",
                                             "by": ["2.02"], "by_unchecked": []}
    assert body["rules"][5]["kind"] == "section" and body["rules"][6]["kind"] == "card"
    assert body["summary"] == {"rules": 7, "checked": 4, "reason": 2, "not_yet_checked": 1,
                               "neither": 0, "stale": 0, "sections": 1, "cards": 1}


def test_cli_uncovered_lists_only_rules_no_check_covers(race: Path, pnp) -> None:  # type: ignore[no-untyped-def]
    code, out = pnp("rules", "golden", "--uncovered", "--format", "json")
    assert code == 0
    assert [r["id"] for r in json.loads(out)["rules"]] == ["2.10"]


def test_cli_a_rule_with_neither_exits_1(race: Path, pnp) -> None:  # type: ignore[no-untyped-def]
    (race / "rulebook.yaml").write_text(RULEBOOK + '  - {id: "2.11", title: Unseen}\n',
                                        encoding="utf-8")
    code, out = pnp("rules", "golden")
    assert code == 1
    assert "2.11  Unseen\n    NEITHER a check nor a reason" in out
    assert out.strip().endswith("1 with neither")


def test_cli_covered_by_an_unchecked_rule_is_uncovered(race: Path, pnp) -> None:  # type: ignore[no-untyped-def]
    (race / "rulebook.yaml").write_text(RULEBOOK.replace('by: ["2.02"]', 'by: ["2.09"]'),
                                        encoding="utf-8")
    code, out = pnp("rules", "golden")
    assert code == 1
    assert "NEITHER: no check cites 2.09, which this rule is said to be covered by" in out


def test_cli_a_stated_reason_for_a_checked_rule_is_shown_not_failed(race: Path, pnp) -> None:  # type: ignore[no-untyped-def]
    (race / "rulebook.yaml").write_text(RULEBOOK.replace(
        "title: A roll moves}", "title: A roll moves, unchecked: {reason: no-rule, note: N.}}"),
        encoding="utf-8")
    code, out = pnp("rules", "golden")
    assert code == 0
    assert "no-rule: N. (stated, but a check above enforces it: remove the reason)" in out
    assert "(1 stating a reason although checked)" in out


def test_cli_unknown_game_and_game_without_rulebook_are_usage_errors(project, pnp) -> None:  # type: ignore[no-untyped-def]
    project()
    code, out = pnp("rules", "nope")
    assert code == 2 and "no game 'nope'" in out
    code, out = pnp("rules", "golden")
    assert code == 2 and "golden has no rulebook" in out


@pytest.mark.parametrize(("old", "new", "expected"), [
    ("reason: left-to-players", "reason: left-to-the-players",
     "rulebook.yaml:10:25: error schema.invalid-value"),
    ('id: "2.10"', 'id: "2.09"', "rulebook.yaml:11:9: error rulebook.duplicate-rule"),
    ('by: ["2.02"], ', "", "rulebook.yaml:7:25: error rulebook.covered-by"),
])
def test_a_broken_rulebook_gives_file_line_col(race: Path, pnp, old: str, new: str,  # type: ignore[no-untyped-def]
                                                expected: str) -> None:
    (race / "rulebook.yaml").write_text(RULEBOOK.replace(old, new), encoding="utf-8")
    code, out = pnp("rules", "golden")
    assert code == 1
    assert expected in out
    validate_code, validated = pnp("validate", "golden")
    assert validate_code == 1 and expected in validated


def test_cli_tests_option_names_the_tests_folder(race: Path, pnp) -> None:  # type: ignore[no-untyped-def]
    code, out = pnp("rules", "golden", "--tests", "nowhere", "--format", "json")
    assert code == 0
    assert json.loads(out)["rules"][0]["tests"] == []


def test_cli_a_game_module_that_does_not_load_gives_its_finding(race: Path, pnp) -> None:  # type: ignore[no-untyped-def]
    (race / "rules.py").write_text("def (:\n", encoding="utf-8")
    code, out = pnp("rules", "golden")
    assert code == 1
    assert "error plugin.load-failed" in out
    assert "golden: no map until the errors above are fixed" in out
