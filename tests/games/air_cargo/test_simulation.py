"""pnp simulate air-cargo: the pilots' games as records the referee accepts, a run that
reproduces byte for byte with any number of workers, exact hazard-check chances that the
simulation agrees with, and sloppy pilots whose records referee to the rulings counted."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from pnpcompiler.referee import referee_file
from pnpcompiler.referee.balance import wilson
from pnpcompiler.referee.batch import referee_batch
from pnpcompiler.referee.simulation import Task, game_seed, play_task, prepared
from tests.paths import CONTENT

Pnp = Callable[..., tuple[int, str]]


def test_hazard_pass_check_exact_chance_counts_every_face_of_two_dice() -> None:
    simulation, navigator = prepared(CONTENT, "air-cargo")
    chance = simulation.exact_tables["hazard check"].chance
    # Pass at 12 or lower: 2d6 at most 12 - (hazard + weather + cargo).
    assert chance(navigator, (0, 0, 0)) == 1
    assert chance(navigator, (2, 1, 2)) == Fraction(21, 36)  # 2d6 <= 7
    assert chance(navigator, (3, 4, 5)) == 0
    assert chance(navigator, (1, 3, 6)) == Fraction(1, 36)  # only a double one


def test_hazard_pass_check_simulated_rates_agree_with_the_exact_chances() -> None:
    chunk = play_task(Task(CONTENT, "air-cargo", ("bold",), 5, 0, 1200, False))
    simulation, navigator = prepared(CONTENT, "air-cargo")
    chance = simulation.exact_tables["hazard check"].chance
    keys = {key for table, key, _ in chunk.chances if table == "hazard check"}
    tested = 0
    for key in keys:
        passed = chunk.chances[("hazard check", key, True)]
        trials = passed + chunk.chances[("hazard check", key, False)]
        if trials < 50:
            continue
        # 99.9% intervals: the dozens of rows tested here should all hold one.
        low, high = wilson(passed, trials, z=3.2905)
        assert low <= chance(navigator, key) <= high, (key, passed, trials)
        tested += 1
    assert tested >= 10


def test_simulated_games_are_records_the_referee_finds_legal(
        pnp: Pnp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, _ = pnp("simulate", "air-cargo", "--games", "40", "--seed", "3", "--bots", "bold",
                  "--content", str(CONTENT), "-o", "report", "--records", "games",
                  "--no-plots", "-j", "1")
    assert code == 0
    records = sorted((tmp_path / "games").glob("*.yaml"))
    assert len(records) == 40 and records[0].name == "air-cargo-00.yaml"
    refereed = list(referee_batch(records, CONTENT, jobs=1))
    assert [r.path for r in refereed if r.exit_code != 0] == []
    assert {r.report["scores"]["pilot"]["end"] for r in refereed} >= {"stop", "crash"}


def test_a_run_is_the_same_bytes_on_one_worker_or_two(pnp: Pnp, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    outputs = []
    for jobs in ("1", "2"):
        code, _ = pnp("simulate", "air-cargo", "--games", "250", "--seed", "11",
                      "--content", str(CONTENT), "-o", f"report-{jobs}", "--records",
                      f"games-{jobs}", "--no-plots", "-j", jobs)
        assert code == 0
        files = sorted(p for p in tmp_path.glob(f"*-{jobs}/*") if p.is_file())
        outputs.append({p.relative_to(p.parent.parent).as_posix().replace(f"-{jobs}/", "/"):
                        p.read_bytes() for p in files})
    assert len(outputs[0]) == 253  # 250 records, report.json, report.md, report.html
    assert outputs[0] == outputs[1]


def test_sloppy_pilots_records_referee_to_exactly_the_rulings_counted(tmp_path: Path
                                                                      ) -> None:
    simulation, navigator = prepared(CONTENT, "air-cargo")
    assert simulation.play is not None
    seen: Counter[str] = Counter()
    for game in range(40):
        played = simulation.play(navigator, ("sloppy-bold@0.2",), game_seed(8, game), True)
        assert played.record is not None
        record = tmp_path / f"game-{game}.yaml"
        record.write_text(played.record, encoding="utf-8")
        found = Counter((f.code, str(f.extra.get("rule") or ""))
                        for f in referee_file(record, CONTENT).findings)
        assert found == Counter(played.rulings), game
        seen.update(code for code, _ in played.rulings)
    # Each mistake the game names, as the ruling of its rule: a hazard flown past unchecked,
    # a die written lower than the seed rolled it, a cargo nobody planned.
    assert {"check.missing", "dice.seed", "flight.cargo-not-planned"} <= set(seen)


def test_the_report_counts_the_rulings_the_records_referee_to(
        pnp: Pnp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = pnp("simulate", "air-cargo", "--games", "60", "--seed", "2", "--bots",
                    "sloppy-careful@0.1", "--content", str(CONTENT), "-o", "report",
                    "--records", "games", "--no-plots", "-j", "2")
    assert code == 0, out
    data = json.loads((tmp_path / "report" / "report.json").read_text(encoding="utf-8"))
    refereed = list(referee_batch(sorted((tmp_path / "games").glob("*.yaml")), CONTENT,
                                  jobs=1))
    findings = [[(f["code"], f.get("rule") or "") for f in r.report["findings"]]
                for r in refereed]
    rows = data["rulings"]["rows"]
    assert {(r["code"], r["rule"]): r["times"] for r in rows} == Counter(
        f for one in findings for f in one)
    assert {(r["code"], r["rule"]): r["games"]["count"] for r in rows} == Counter(
        f for one in findings for f in set(one))
    assert data["rulings"]["games_with_any"]["count"] == sum(1 for one in findings if one)
    assert "## Commonest rulings" in out
    assert data["seats"][0]["bot"] == "sloppy-careful@0.1"  # the report names its chance
