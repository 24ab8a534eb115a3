"""The Rushing Tin Sector Log referee: golden sheets, the CLI, and the rulebook's money rules.

Each folder under tests/golden/rt-sector-log/ holds ``record.yaml`` (the example two-ATC shift
with the one mistake its first line names; ``legal`` has none) and ``expected.txt``: the text
report of ``pnp referee`` and its exit code. The conformance suite referees them
(tests/conformance/test_referee_goldens.py; ``--update-goldens`` rewrites them); here, that
they are all there and exit as their names say.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pnpcompiler.referee import AnyReport, referee_file
from tests.paths import CONTENT, EXAMPLES, GOLDEN, REPO

EXAMPLE = EXAMPLES / "rushing-tin" / "sector-log-2atc.yaml"
CASES = sorted(p for p in (GOLDEN / "rt-sector-log").iterdir() if p.is_dir())
Runner = Callable[..., tuple[int, str]]
Scratch = Callable[..., Path]


def _exit_for(case: Path) -> int:
    if case.name == "legal" or case.name.endswith("_warning"):
        return 0
    return 2 if case.name == "wrong_key" else 1


def test_there_are_sector_log_cases() -> None:
    assert len([c for c in CASES if _exit_for(c) == 1]) >= 12
    assert any(c.name == "legal" for c in CASES)


def test_sector_log_goldens_exit_as_their_names_say() -> None:
    """Legal and warning-only sheets exit 0, a key the format does not know 2, a mistake 1."""
    exits = {case.name: (case / "expected.txt").read_text(encoding="utf-8").splitlines()[-1]
             for case in CASES}
    assert {name: last for name, last in exits.items()
            if last != f"exit: {_exit_for(GOLDEN / 'rt-sector-log' / name)}"} == {}


def test_legal_case_is_the_example_without_comments() -> None:
    def rows(text: str) -> list[str]:
        return [line.split("  #")[0].rstrip() for line in text.splitlines()
                if line.strip() and not line.lstrip().startswith("#")]

    legal = (GOLDEN / "rt-sector-log" / "legal" / "record.yaml").read_text(encoding="utf-8")
    assert rows(legal) == rows(EXAMPLE.read_text(encoding="utf-8"))


# --- the command line ------------------------------------------------------------------------


def test_cli_example_is_legal_with_scores(scratch: Scratch, pnp: Runner) -> None:
    scratch(REPO, "examples/rushing-tin/sector-log-2atc.yaml")
    code, out = pnp("referee", "examples/rushing-tin/sector-log-2atc.yaml", "--content",
                    str(CONTENT), "--format", "json")
    assert code == 0, out
    report = json.loads(out)
    assert report["legal"] is True
    assert report["record"] == "sector-log"
    assert report["findings"] == []
    assert report["winner"] == "JS"
    pr, js = report["scores"]["PR"], report["scores"]["JS"]
    assert (pr["cash"], pr["bonuses"], pr["fines"], pr["commendations"]) == (370, 2220, 2500, 5)
    assert (js["cash"], js["appraisal"], js["cautioned"]) == (4550, 1000, ["AA"])
    assert js["claimed"] == 4550


def test_cli_illegal_record_exits_1(scratch: Scratch, pnp: Runner) -> None:
    case = GOLDEN / "rt-sector-log" / "wrong_money"
    scratch(case, "record.yaml")
    code, out = pnp("referee", "record.yaml", "--content", str(CONTENT), "--format", "json")
    assert code == 1
    report = json.loads(out)
    assert report["legal"] is False
    [finding] = report["findings"]
    assert (finding["code"], finding["rule"], finding["severity"]) == (
        "money.cash", "SCORING", "error")
    lines = (case / "record.yaml").read_text(encoding="utf-8").splitlines()
    assert lines[finding["line"] - 1].strip() == "cash: 470"


BAD_YAML = pytest.param("game: rushing-tin\nrecord: sector-log\nrows: [\n", id="bad_yaml")
WRONG_KEY = pytest.param("game: rushing-tin\nrecord: sector-log\natcs: [{id: PR}]\nlead: PR\n"
                         "rows: []\nwinnner: PR\n", id="wrong_key")


@pytest.mark.parametrize("text", [BAD_YAML, WRONG_KEY])
def test_cli_unreadable_record_exits_2(text: str, tmp_path: Path,
                                       pnp: Runner) -> None:
    record = tmp_path / "sheet.yaml"
    record.write_text(text, encoding="utf-8")
    code, out = pnp("referee", str(record), "--content", str(CONTENT))
    assert code == 2, out
    assert "Traceback" not in out


# --- the rules, one small sheet each ---------------------------------------------------------


def _referee(tmp_path: Path, rows: str, *, atcs: str = "[{id: PR}, {id: JS}]",
             extra: str = "") -> AnyReport:
    body = (f"game: rushing-tin\nrecord: sector-log\natcs: {atcs}\nlead: PR\nrows:\n"
            + textwrap.indent(textwrap.dedent(rows).strip(), "  ") + "\n"
            + textwrap.dedent(extra))
    record = tmp_path / "sheet.yaml"
    record.write_text(body, encoding="utf-8")
    return referee_file(record, CONTENT)


def _codes(report: AnyReport) -> list[str]:
    return [f.code for f in report.findings]


def _score(report: AnyReport, atc: str) -> dict[str, Any]:
    return dict(report.scores[atc])


def test_4_12_overshoot_pays_half_less_penalties(tmp_path: Path) -> None:
    report = _referee(tmp_path, """
        - {flight: AA105, ctr: PR, id: 1, start: 8:00, finish: 9:45, w: 1, p: 1, paid: 215}
    """)
    assert _codes(report) == []
    assert _score(report, "PR")["bonuses"] == 550 - 275 - 60


def test_4_10_an_overshoot_is_at_least_one_hex_away(tmp_path: Path) -> None:
    """OVERSHOOTING EXAMPLE: the plane finishes its move past the exit point, so P is never
    0 for an overshoot; P 1 pays the bonus less half (4.12) less one penalty."""
    report = _referee(tmp_path, """
        - {flight: AA105, ctr: PR, id: 1, start: 8:00, finish: 9:45, w: 1, p: 0}
    """)
    assert _codes(report) == ["row.overshoot-p"]
    assert report.findings[0].extra["rule"] == "4.10"


def test_4_13_second_overshoot_with_an_airline_is_a_caution(tmp_path: Path) -> None:
    report = _referee(tmp_path, """
        - {flight: AA105, ctr: PR, id: 1, start: 8:00, finish: 9:45, w: 1, p: 1}
        - {flight: AA204, ctr: PR, id: 1, start: 9:45, finish: 10:45, w: 1, p: 1}
        - {flight: AA306, ctr: PR, id: 1, start: 10:45, finish: 12:00, p: 0, cm: 1, paid: 300}
    """)
    assert _codes(report) == []
    # Cautioned before AA306: 350 - 50; its perfect hand-off then lifts the caution.
    assert _score(report, "PR")["cautioned"] == []
    assert _score(report, "PR")["commendations"] == 1


def test_12_06_major_deal_counts_two_and_more_than_three_fires(tmp_path: Path) -> None:
    report = _referee(tmp_path, """
        - {flight: AA105, ctr: PR, id: 1, start: 8:00, finish: 9:45, d: 4, hand_off: deal,
           deals: [{kind: major, at: 8:30}, {kind: major, at: 9:00}]}
        - {flight: CA201, ctr: PR, id: 1, start: 9:45}
    """, extra="controllers:\n  PR: {cash: -9500, fired: true, fines: 10000}\n"
                      "  JS: {cash: 500}\n")
    assert _codes(report) == ["row.fired"]
    pr = _score(report, "PR")
    assert (pr["deals"], pr["fired"], pr["black_listed"]) == (4, True, ["AA"])


def test_key_controller_bonus_is_cumulative_and_taken(tmp_path: Path) -> None:
    report = _referee(tmp_path, """
        - {flight: AA105, ctr: PR, id: 1, start: 8:00, finish: 9:45, p: 0, cm: 1, paid: 550}
        - {flight: AA204, ctr: PR, id: 1, start: 9:45, finish: 10:45, p: 0, cm: 1, paid: 300}
        - {flight: AA306, ctr: PR, id: 1, start: 10:45, finish: 12:00, p: 0, cm: 1, paid: 450}
        - {flight: AA401, ctr: JS, id: 2, start: 8:00, finish: 12:15, p: 0, cm: 1, paid: 0}
    """)
    # AA401 took 4:15 against 2:30: no bonus, but a perfect hand-off takes PR's card.
    assert _codes(report) == []
    assert _score(report, "PR")["key_controller"] == {}
    assert _score(report, "JS")["key_controller"] == {"AA": 1}


def test_celebrity_late_is_sued_and_not_paid(tmp_path: Path) -> None:
    report = _referee(tmp_path, """
        - {flight: CJ102, ctr: JS, id: 13, start: 8:00, finish: 9:45, p: 0, cm: 1, paid: 0}
    """)
    assert _codes(report) == []
    assert (_score(report, "JS")["lawsuits"], _score(report, "JS")["bonuses"]) == (1200, 0)


def test_land_at_the_airport_event_replaces_the_bonus(tmp_path: Path) -> None:
    report = _referee(tmp_path, """
        - {flight: AA105, ctr: PR, id: 1, start: 8:00, finish: 9:30, p: 0, cm: 1, paid: 600,
           events: [{card: event-food-poisoning, at: 8:15}]}
        - {flight: CA104, ctr: JS, id: 2, start: 8:00, finish: 10:00, p: 0, cm: 1, paid: 0,
           events: [{card: event-passenger-freak-out, at: 8:30}]}
    """)
    assert _codes(report) == []


def test_food_poisoning_without_the_turn_it_was_drawn_is_a_gap(tmp_path: Path) -> None:
    """FOOD POISONING gives 1:30 to land from the turn it is drawn: without 'at' the sheet
    cannot tell, and the warning cites the card, not the RANDOM EVENTS heading."""
    report = _referee(tmp_path, """
        - {flight: AA105, ctr: PR, id: 1, start: 8:00, finish: 9:30, p: 0, cm: 1, paid: 600,
           events: [{card: event-food-poisoning}]}
    """)
    assert [(f.code, f.extra["rule"]) for f in report.findings] == [
        ("sheet.event-time", "FOOD POISONING")]


def test_untimed_deal_that_could_change_another_payment_is_a_gap(tmp_path: Path) -> None:
    report = _referee(tmp_path, """
        - {flight: AA105, ctr: PR, id: 1, start: 8:00, finish: 10:15, d: 1, p: 1}
        - {flight: AA204, ctr: PR, id: 2, start: 8:00, finish: 9:00, p: 1}
    """)
    assert _codes(report) == ["sheet.deal-time"]
    assert report.legal


def test_same_turn_hand_offs_of_one_airline_are_a_gap(tmp_path: Path) -> None:
    report = _referee(tmp_path, """
        - {flight: AA105, ctr: PR, id: 1, start: 8:00, finish: 9:00, p: 0, cm: 1}
        - {flight: AA204, ctr: JS, id: 2, start: 8:00, finish: 9:00, p: 1}
    """)
    assert _codes(report) == ["sheet.same-time"]


def test_pool_grows_one_plane_every_two_hours(tmp_path: Path) -> None:
    rows = "\n".join(f"- {{flight: {f}, ctr: PR, id: {n}, start: 8:00}}" for n, f in
                     enumerate(["AA105", "CA201", "TJ103", "AL205", "RA102", "AA306"], 1))
    report = _referee(tmp_path, rows + "\n- {flight: CA302, ctr: JS, id: 7, start: 9:30}")
    assert _codes(report) == ["row.plane-pool"]
    later = _referee(tmp_path, rows + "\n- {flight: CA302, ctr: JS, id: 7, start: 9:45}")
    assert _codes(later) == []


def test_checking_twice_gives_the_same_report() -> None:
    first, second = referee_file(EXAMPLE, CONTENT), referee_file(EXAMPLE, CONTENT)
    assert first.to_json() == second.to_json()


def test_sector_log_with_billions_of_deals(tmp_path: Path) -> None:
    """Found by fuzzing: a D of 2**31 on one row made two billion deals (memory ran out);
    D holds two digits."""
    from pnpcompiler.referee import report_exit_code
    from tests.fuzz_cases import dump, parse

    tree = parse(EXAMPLE.read_text(encoding="utf-8"))
    tree = {**tree, "rows": [{**tree["rows"][0], "d": 2**31}, *tree["rows"][1:]]}
    record = tmp_path / "record.yaml"
    record.write_text(dump(tree), encoding="utf-8")
    report = referee_file(record, CONTENT)
    assert report_exit_code(report) == 2
    assert [(f.code, f.location.path if f.location else None) for f in report.findings] == [
        ("schema.out-of-range", "rows[0].d")]
