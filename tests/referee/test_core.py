"""The referee core every game shares: rulings, seeded dice, reports, the record registry,
the content checks remembered between runs, the documented example game. (Each game's
engine: tests/games/<game>/test_engine.py.)"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnpcompiler.content.project import load_game
from pnpcompiler.core.findings import Location, Severity
from pnpcompiler.referee import (
    Dice,
    Report,
    RolledDie,
    Rulings,
    check_seeded,
    first_unseeded,
    referee_file,
    render_report_json,
    render_report_text,
    rule_unseeded,
)
from tests.paths import CONTENT, EXAMPLES, REPO

# --- dice ------------------------------------------------------------------------------------


def test_dice_stream_is_fixed_for_a_seed() -> None:
    """The faces come from the generator's raw 32-bit words, not from a Python version's
    randint: these are the first dice of seed 1 and seed 40 for good."""
    assert Dice(1).rolls(12) == [2, 5, 1, 3, 1, 4, 4, 4, 6, 4, 2, 1]
    assert Dice(40).rolls(8) == Dice(40).rolls(8)
    assert Dice(1).raw() == random.Random(1).getrandbits(32)


@given(st.integers(min_value=-(2**80), max_value=2**80), st.sampled_from([2, 4, 6, 8, 10, 20]))
def test_dice_roll_what_random_randint_rolls(seed: int, sides: int) -> None:
    """Every record written with ``random.Random(seed).randint`` still checks."""
    python = random.Random(seed)
    assert Dice(seed).rolls(50, sides) == [python.randint(1, sides) for _ in range(50)]


def _die(value: int, turn: int) -> RolledDie:
    return RolledDie(value, lambda: Location("log.yaml", turn, 1), "1.20", turn)


def test_the_first_die_off_the_seed_is_ruled_on_once() -> None:
    rolled = Dice(7).rolls(5)
    wrong = [*rolled[:3], rolled[3] % 6 + 1, rolled[4] % 6 + 1]
    rulings = Rulings()
    assert not check_seeded(rulings, 7, [_die(v, n) for n, v in enumerate(wrong, 1)],
                            order="record order")
    assert [(f.code, f.extra["turn"], f.location.line if f.location else 0)
            for f in rulings.findings] == [("dice.seed", 4, 4)]
    assert f"rolls {rolled[3]}; the record has {wrong[3]}" in rulings.findings[0].message


@given(st.integers(min_value=-(2**80), max_value=2**80),
       st.sampled_from([2, 6, 20, 255, 256, 1000]), st.integers(0, 199))
def test_dice_checked_as_plain_numbers_are_the_die_stream(seed: int, sides: int,
                                                          wrong: int) -> None:
    """first_unseeded draws many words at once, yet reads the same stream as Dice.roll: it
    accepts the stream and finds the first face that is off it, with what the seed rolls."""
    rolled = Dice(seed).rolls(200, sides)
    assert first_unseeded(seed, rolled, sides) is None
    off = [*rolled[:wrong], rolled[wrong] % sides + 1, *rolled[wrong + 1:]]
    assert first_unseeded(seed, off, sides) == (wrong, rolled[wrong])
    assert first_unseeded(seed, [*rolled[:wrong], 9999], sides) == (wrong, rolled[wrong])


def test_a_die_off_the_seed_found_as_a_number_is_the_same_ruling() -> None:
    rolled = Dice(7).rolls(5)
    wrong = [*rolled[:3], rolled[3] % 6 + 1, rolled[4]]
    by_die, by_number = Rulings(), Rulings()
    check_seeded(by_die, 7, [_die(v, n) for n, v in enumerate(wrong, 1)], order="record order")
    found = first_unseeded(7, wrong)
    assert found is not None
    n, face = found
    rule_unseeded(by_number, 7, _die(wrong[n], n + 1), face, order="record order")
    assert by_die.findings == by_number.findings


def test_no_seed_no_dice_check() -> None:
    rulings = Rulings()
    assert check_seeded(rulings, None, [_die(9, 1)], order="record order")
    assert rulings.findings == []


# --- rulings and reports ---------------------------------------------------------------------


class TurnRulings(Rulings):
    """Rulings that follow a game's turn."""

    now = 3

    def current_turn(self) -> int | None:
        return self.now


def test_a_ruling_cites_the_rule_the_turn_and_the_piece() -> None:
    rulings = TurnRulings(piece_word="aircraft")
    rulings.rule("move.back", "Extra move", "no move backwards", None, piece=7)
    rulings.rule("score.sum", "Score", "the sum is 12", None, turn=None, warn=True)
    first, second = rulings.findings
    assert (first.severity, first.extra) == (Severity.ERROR,
                                             {"rule": "Extra move", "turn": 3, "piece": 7})
    assert (second.severity, second.extra["turn"]) == (Severity.WARNING, None)


def test_a_claim_is_accepted_with_a_warning() -> None:
    rulings = Rulings()
    rulings.claim("10.04.3", "the only safe way", None, piece=4)
    [claim] = rulings.findings
    assert (claim.code, claim.severity) == ("claim.accepted", Severity.WARNING)
    assert claim.message == "accepted by claim: the only safe way"


def test_once_per_cause_until_it_is_forgotten() -> None:
    rulings = Rulings()
    assert rulings.once(("left in pool", 3)) and not rulings.once(("left in pool", 3))
    rulings.forget(("left in pool", 3))
    assert rulings.once(("left in pool", 3))


def test_incidents_name_the_piece_in_the_games_word() -> None:
    rulings = TurnRulings(piece_word="passenger")
    rulings.incident("aged", "Aging", piece="P12", colour="red")
    rulings.incident("bonus", None, turn=None)
    assert rulings.incidents == [{"turn": 3, "kind": "aged", "rule": "Aging",
                                  "passenger": "P12", "colour": "red"},
                                 {"turn": None, "kind": "bonus"}]


def test_the_json_report_names_the_piece_only_for_games_that_have_one() -> None:
    rt = referee_file(EXAMPLES / "rushing-tin" / "shift-solo.yaml", CONTENT)
    ac = referee_file(EXAMPLES / "air-cargo" / "stop.yaml", CONTENT)
    rulings = TurnRulings()
    rulings.rule("x.y", "1.00", "m", None, piece=5)
    rt.findings, ac.findings = rulings.findings, rulings.findings
    rt_json = json.loads(render_report_json(rt))["findings"][0]
    ac_json = json.loads(render_report_json(ac))["findings"][0]
    assert rt_json["plane"] == 5 and "plane" not in ac_json
    assert "[rule 1.00, turn 3, plane 5]" in render_report_text(rt)


def test_a_report_is_typed_by_its_game() -> None:
    report: Report[int, dict[str, int]] = Report("g", "r", scores={"p": {"points": 3}})
    assert report.legal and report.exit_code == 0
    assert report.to_json()["scores"] == {"p": {"points": 3}}


# --- the record registry ---------------------------------------------------------------------

RULES_WITH_RECORDS = '''
from __future__ import annotations

from pydantic import Field

from pnpcompiler.core.model import Model
from pnpcompiler.content.plugin import Rules
from pnpcompiler.referee import RefereeError, Records, Rulings

rules = Rules()
records = Records()
rules.records(records)


class Tally(Model):
    game: str
    record: str
    points: list[int] = Field(default_factory=list)
    total: int


@records.kind("tally", Tally, piece="token")
def referee_tally(game, tally, report):
    if tally.total < 0:
        raise RefereeError("this content cannot count below zero", key="total")
    if sum(tally.points) != tally.total:
        rulings = Rulings()
        rulings.rule("tally.sum", "Scoring", f"the points add up to {sum(tally.points)}",
                     tally.where("total"), piece=len(tally.points))
        report.findings += rulings.findings
    report.scores = {"player": {"total": sum(tally.points)}}
'''


@pytest.fixture
def tally_game(project: Callable[..., Path]) -> Path:
    game = project({"rules.py": RULES_WITH_RECORDS})
    return game.parent


def _tally(folder: Path, text: str) -> Path:
    path = folder.parent / "tally.yaml"
    path.write_text("game: golden\nrecord: tally\n" + text, encoding="utf-8")
    return path


def test_a_game_declares_its_records_with_one_decorator(tally_game: Path) -> None:
    legal = referee_file(_tally(tally_game, "points: [1, 2]\ntotal: 3\n"), tally_game)
    assert legal.legal and legal.scores == {"player": {"total": 3}}
    wrong = referee_file(_tally(tally_game, "points: [1, 2]\ntotal: 4\n"), tally_game)
    [finding] = wrong.findings
    assert (finding.code, finding.location.line if finding.location else 0) == ("tally.sum", 4)
    assert json.loads(render_report_json(wrong))["findings"][0]["token"] == 2


def test_a_record_that_does_not_fit_its_model_is_unreadable(tally_game: Path) -> None:
    report = referee_file(_tally(tally_game, "points: many\ntotal: 3\n"), tally_game)
    assert report.exit_code == 2
    assert [f.code for f in report.findings] == ["schema.wrong-type"]


def test_content_that_cannot_referee_is_one_error_at_its_key(tally_game: Path) -> None:
    report = referee_file(_tally(tally_game, "total: -1\n"), tally_game)
    [finding] = report.findings
    assert (finding.code, finding.unreadable) == ("record.content", True)
    assert finding.location is not None and finding.location.line == 3


def test_an_unknown_kind_lists_the_kinds_the_game_reads(tally_game: Path) -> None:
    path = tally_game.parent / "other.yaml"
    path.write_text("game: golden\nrecord: score\n", encoding="utf-8")
    [finding] = referee_file(path, tally_game).findings
    assert finding.code == "record.unknown-kind" and "it knows: tally" in finding.message



def test_an_unknown_game_suggests_the_nearest_and_lists_the_games(tally_game: Path) -> None:
    """A misspelt game in a record's header says which game was meant, as ``pnp validate``
    does for a misspelt game on its command line."""
    path = tally_game.parent / "other.yaml"
    path.write_text("game: goldn\nrecord: tally\n", encoding="utf-8")
    [finding] = referee_file(path, tally_game).findings
    assert finding.code == "record.unknown-game"
    assert finding.message.endswith("(did you mean 'golden'?); games: golden")

# --- content checks remembered in the build cache --------------------------------------------


def test_cached_checks_give_the_same_report_and_see_every_change(tally_game: Path,
                                                                 tmp_path: Path) -> None:
    record = _tally(tally_game, "points: [1, 2]\ntotal: 3\n")
    cache = tmp_path / "out" / ".cache"
    fresh = render_report_json(referee_file(record, tally_game))
    assert render_report_json(referee_file(record, tally_game, cache=cache)) == fresh
    assert (cache / "golden" / "pieces.sqlite").is_file()
    assert render_report_json(referee_file(record, tally_game, cache=cache)) == fresh
    game_yaml = tally_game / "golden" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace(
        "players: {min: 1, max: 2}", "players: {min: 3, max: 1}"), encoding="utf-8")
    _, found = load_game(tally_game, "golden")
    assert any(f.severity is Severity.ERROR for f in found), "the edit must break the content"
    [finding] = referee_file(record, tally_game, cache=cache).findings
    assert finding.code == "record.content-invalid"


# --- the documented example ------------------------------------------------------------------


def _doc_blocks() -> list[str]:
    """Return the fenced blocks of docs/referee.md's smallest complete example, in order."""
    text = (REPO / "docs" / "referee.md").read_text(encoding="utf-8")
    part = text.split("### The smallest complete example", 1)[1].split("\n## ", 1)[0]
    return [block.split("\n", 1)[1] for block in part.split("```")[1::2]]


def test_the_documented_engine_referees_its_documented_record(
        project: Callable[..., Path], pnp: Callable[..., tuple[int, str]],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/referee.md's example game is complete: its rules.py referees the record shown,
    with the finding shown, and its engine plays a legal game through legal_actions."""
    code, record, expected = _doc_blocks()
    game = project({"rules.py": code}, game="race")
    (game.parent.parent / "race.yaml").write_text(record, encoding="utf-8")
    status, output = pnp("referee", "race.yaml")
    assert status == 1
    assert output.splitlines()[0] == expected.strip()
    spec = importlib.util.spec_from_file_location("race_rules", game / "rules.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "race_rules", module)
    spec.loader.exec_module(module)
    engine = module.RaceEngine()
    log = module.RaceLog.model_validate({"game": "race", "record": "race",
                                         "players": ["Ann", "Bo"]})
    race, dice = engine.initial(log), Dice(3)
    while max(race.at.values()) < 20:
        roll = dice.roll()
        step = max((s for s in engine.legal_actions(race) if s.roll == roll),
                   key=lambda s: s.to)
        race, found = engine.apply(race, step)
        assert found == []
