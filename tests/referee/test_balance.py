"""The balance report's statistics, seeds and tasks, on numbers alone."""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from fractions import Fraction

import pytest

from pnpcompiler.app.simulate import TASK_LEAST, TASK_MOST, task_size
from pnpcompiler.referee.balance import (
    Balance,
    histogram_bands,
    render_markdown,
    spread,
    t95,
    wilson,
)
from pnpcompiler.referee.simulation import SLIP_RATE, Chunk, Played, Slips, bot_named, game_seed


def test_wilson_interval_matches_the_published_values() -> None:
    # Newcombe (1998), table I: 81 of 263 gives 0.2553-0.3662; 0 of 10 gives 0-0.2775.
    low, high = wilson(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    low, high = wilson(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775


def test_wilson_interval_covers_the_true_share_about_95_times_in_100() -> None:
    rng = random.Random(4)
    covered = 0
    for _ in range(2000):
        hits = sum(rng.random() < 0.3 for _ in range(50))
        low, high = wilson(hits, 50)
        covered += low <= 0.3 <= high
    assert 0.93 <= covered / 2000 <= 0.97


def test_spread_of_a_tally_is_that_of_its_values() -> None:
    values = [3, 5, 5, 6, 9, 9, 9, 12]
    found = spread(Counter(values))
    mean = sum(values) / len(values)
    sd = (sum((v - mean) ** 2 for v in values) / (len(values) - 1)) ** 0.5
    assert found["mean"] == pytest.approx(mean)
    assert found["sd"] == pytest.approx(sd)
    half = 2.364624 * sd / len(values) ** 0.5  # Student's t, 7 degrees of freedom
    assert found["interval"] == pytest.approx([mean - half, mean + half], abs=1e-6)
    assert (found["min"], found["median"], found["max"]) == (3, 6, 12)


@pytest.mark.parametrize(("freedom", "quantile"), [
    (1, 12.706205), (2, 4.302653), (3, 3.182446), (4, 2.776445), (9, 2.262157),
    (29, 2.045230), (99, 1.984217), (999, 1.962341), (10**7, 1.959964)])
def test_t_quantile_matches_the_published_table(freedom: int, quantile: float) -> None:
    # The two-sided 95% points of Student's t (any table; R's qt(0.975, df)).
    assert t95(freedom) == pytest.approx(quantile, abs=2e-6)


def test_a_mean_of_few_games_has_an_interval_that_covers_it_95_times_in_100() -> None:
    rng = random.Random(5)
    covered = 0
    for _ in range(4000):
        found = spread(Counter(round(rng.gauss(100, 20)) for _ in range(4)))
        low, high = found["interval"]
        covered += low <= 100 <= high
    # A normal interval (1.96 sd) on four games covers the mean 86 times in 100 here.
    assert 0.93 <= covered / 4000 <= 0.97


def test_game_seed_follows_the_documented_scheme() -> None:
    for run, index in [(1, 0), (1, 1), (7, 12345)]:
        digest = hashlib.sha256(f"{run}:{index}".encode()).hexdigest()
        assert game_seed(run, index) == int(digest[:12], 16)
    assert game_seed(1, 0) != game_seed(1, 1) != game_seed(2, 1)


@pytest.mark.parametrize(("games", "workers"), [(10, 2), (20, 1), (150, 2), (250, 2),
                                                (10_000, 2), (10**7, 64)])
def test_tasks_hold_100_to_1000_games_unless_the_run_is_smaller(games: int,
                                                                 workers: int) -> None:
    size = task_size(games, workers)
    if games < TASK_LEAST * workers:  # every worker gets a task
        assert size == -(-games // workers)
    else:
        assert TASK_LEAST <= size <= TASK_MOST


def test_a_sloppy_bot_is_named_with_its_chance_of_a_mistake() -> None:
    assert bot_named("careful") == ("careful", 0.0)
    assert bot_named("sloppy-careful") == ("careful", SLIP_RATE)
    assert bot_named("sloppy-bold@0.25") == ("bold", 0.25)
    assert Slips.of("careful", 1, 0) is None


def test_slips_make_a_mistake_at_about_their_rate_and_only_where_one_is_open() -> None:
    slips = Slips(0.2, seed=3, seat=1)
    picks = [slips.pick(["a", "b"]) for _ in range(5000)]
    made = sum(p is not None for p in picks)
    low, high = wilson(made, 5000, z=3.2905)
    assert low <= 0.2 <= high
    assert {p for p in picks if p is not None} == {"a", "b"}
    assert Slips(1.0, seed=3, seat=1).pick([]) is None
    again = Slips(0.2, seed=3, seat=1)
    assert [again.pick(["a", "b"]) for _ in range(5000)] == picks  # its seed alone decides


def test_the_report_lists_the_commonest_rulings_with_their_share_of_games() -> None:
    balance = Balance("game", ("sloppy-careful",), 1, "turns")
    games = [Played(None, 3, "over", figures=(("collisions", n),)) for n in (0, 0, 1, 2)]
    rulings = Counter({("move.hold", "5.03"): 5, ("move.level-step", "3.11"): 1})
    ruled = Counter({("move.hold", "5.03"): 2, ("move.level-step", "3.11"): 1})
    balance.add(Chunk(0, games, Counter(), rulings, ruled, illegal=2))
    data = balance.to_json({})
    rows = data["rulings"]["rows"]
    assert [(r["code"], r["rule"], r["games"]["count"], r["times"]) for r in rows] == [
        ("move.hold", "5.03", 2, 5), ("move.level-step", "3.11", 1, 1)]
    low, high = wilson(2, 4)
    assert rows[0]["games"]["share"] == 0.5
    assert rows[0]["games"]["interval"] == pytest.approx([low, high], abs=1e-6)
    assert rows[0]["per_game"] == 1.25
    assert data["rulings"]["games_with_any"]["count"] == 2
    collisions = data["figures"][0]
    assert (collisions["name"], collisions["mean"], collisions["nonzero"]["count"]) == (
        "collisions", 0.75, 2)
    text = render_markdown(data)
    assert "| move.hold | 5.03 | 2 | 50.0% (" in text
    assert "| collisions | 0.75 (" in text


def test_each_side_wins_its_share_of_the_games_it_was_in() -> None:
    balance = Balance("game", ("bot",) * 2, 1, "turns")
    # Two seats, each flying two machines: the biplane's seat wins 3 of the 4 games someone
    # won of the 5 it was in.
    games = [Played(winner, 5, "over", sides=(
        ("machine", 0, "biplane"), ("machine", 0, "triplane"),
        ("machine", 1, "monoplane"), ("pilot", 0, "jing-li"), ("pilot", 1, "janu-rajan")))
        for winner in (0, 0, 0, 1)]
    games.append(Played(None, 5, "over", sides=(("machine", 1, "biplane"),)))
    balance.add(Chunk(0, games, Counter()))
    data = balance.to_json({})
    machines, pilots = data["sides"]
    assert (machines["category"], pilots["category"], machines["even"]) == (
        "machine", "pilot", 0.5)
    rows = {r["value"]: r for r in machines["rows"]}
    assert (rows["biplane"]["games"], rows["biplane"]["wins"]["count"]) == (5, 3)
    assert (rows["triplane"]["games"], rows["triplane"]["wins"]["count"]) == (4, 3)
    assert (rows["monoplane"]["games"], rows["monoplane"]["wins"]["count"]) == (4, 1)
    assert rows["biplane"]["decided"] == 4 and rows["biplane"]["wins"]["share"] == 0.75
    assert [r["value"] for r in machines["rows"]] == ["biplane", "triplane", "monoplane"]
    assert [r["versus_even"] for r in pilots["rows"]] == ["even", "even"]
    text = render_markdown(data)
    assert "## Winners by machine" in text and "## Winners by pilot" in text
    assert "| triplane | 4 | 4 | 3 | 75.0% (" in text
    assert "| biplane | 5 | 4 | 3 | 75.0% (" in text


def test_a_side_beyond_its_interval_is_above_or_below_an_even_share() -> None:
    balance = Balance("game", ("bot",) * 4, 1, "turns")
    games = [Played(i % 4, 5, "over", sides=(("faction", i % 4, "red" if i % 4 == 0 else
                                              "blue"), ("faction", (i + 1) % 4, "green")))
             for i in range(400)]
    balance.add(Chunk(0, games, Counter()))
    rows = {r["value"]: r["versus_even"] for r in balance.to_json({})["sides"][0]["rows"]}
    # red wins every game it is in (100), green none of its 400, blue 300 of 300.
    assert rows == {"red": "above", "blue": "above", "green": "below"}


def test_the_first_player_is_judged_on_the_games_someone_won() -> None:
    # Four controllers, 200 shifts: 21 won by nobody (everyone fired, or a tie). Seat 1's 37
    # wins are 18.5% of the shifts, below an even 25% beyond their interval; but they are
    # 37 of the 179 shifts someone won, 20.7% (15.4-27.2%): no disadvantage the games show.
    balance = Balance("game", ("bot",) * 4, 1, "turns")
    winners = [0] * 37 + [1] * 42 + [2] * 40 + [3] * 60 + [None] * 21
    balance.add(Chunk(0, [Played(w, 31, "over") for w in winners], Counter()))
    first = balance.to_json({})["first_player"]
    assert (first["count"], first["games"], first["even"]) == (37, 179, 0.25)
    assert first["share"] == round(37 / 179, 6)
    assert first["interval"] == pytest.approx(list(wilson(37, 179)), abs=1e-6)
    assert not first["significant"]
    assert "First player: wins 20.7% (15.4-27.2%) of the 179 games someone won, against an " \
           "even 25.0%: no advantage the games can show." in render_markdown(balance.to_json({}))


def test_a_side_is_judged_on_the_games_someone_won() -> None:
    balance = Balance("game", ("bot",) * 2, 1, "turns")
    # The red pilot's seat wins 40 of the 100 races it flies; 30 of them nobody won.
    games = [Played(0 if i < 40 else None if i < 70 else 1, 5, "over",
                    sides=(("pilot", 0, "red"), ("pilot", 1, "blue"))) for i in range(100)]
    balance.add(Chunk(0, games, Counter()))
    rows = {r["value"]: r for r in balance.to_json({})["sides"][0]["rows"]}
    assert (rows["red"]["games"], rows["red"]["decided"], rows["red"]["wins"]["count"]) == (
        100, 70, 40)
    assert rows["red"]["wins"]["share"] == round(40 / 70, 6)
    # 30 of 70 for blue, 42.9% (31.9-54.5%): even; of all 100 games (30%) it was "below".
    assert rows["blue"]["versus_even"] == "even"


def test_score_bands_are_round_and_start_on_a_multiple_of_their_width() -> None:
    # A Rushing Tin ATC's money, in 25s from -32,200 to 4,350: bands were 2,285 wide from
    # -32,200 ("-210 to 2074"); now 5,000 wide, from -35,000.
    money = {"-32200": 1, "-9050": 40, "-200": 30, "0": 9, "4350": 12}
    assert histogram_bands(money) == [
        ("-35000 to -30001", 1), ("-30000 to -25001", 0), ("-25000 to -20001", 0),
        ("-20000 to -15001", 0), ("-15000 to -10001", 0), ("-10000 to -5001", 40),
        ("-5000 to -1", 30), ("0 to 4999", 21)]
    # Air Cargo's 1 to 51: bands of 5 from 0, so 40 (winning) and 45 (Gold Wing) start
    # theirs ("37 to 40" held scores either side of winning).
    scores = {str(v): 1 for v in range(1, 52)}
    bands = histogram_bands(scores)
    assert bands[0] == ("0 to 4", 4) and ("40 to 44", 5) in bands and bands[-1] == (
        "50 to 54", 2)
    assert histogram_bands({"3": 2, "5": 1}) == [("3", 2), ("4", 0), ("5", 1)]


def test_the_scores_say_how_many_games_scored_and_a_tables_scores_are_the_tables() -> None:
    balance = Balance("air-cargo", ("bold",), 1, "flights", [("Winning the game", 40)],
                      score_unit="points")
    balance.add(Chunk(0, [Played(None, 4, "crash", scores=(None,))] * 3
                      + [Played(0, 6, "stop", scores=(41,))], Counter()))
    text = render_markdown(balance.to_json({}))
    # The mean is of the one game with a score, not of the four.
    assert "In points: mean 41.00 (41.00 to 41.00), sd 0.00; min 41, quartiles 41 / 41 / 41, " \
           "max 41 (1 game with a score); no score in 75.0% (" in text
    table = Balance("now-boarding", ("random",) * 3, 1, "rounds", cooperative=True)
    table.add(Chunk(0, [Played(None, 8, "tiles-ran-out", scores=(2, 2, 2))], Counter()))
    text = render_markdown(table.to_json({}))
    assert "## Scores (the table)" in text and "seat 1" not in text


def test_the_markdown_marks_an_exact_chance_outside_its_interval() -> None:
    balance = Balance("game", ("bot",), 1, "turns")
    rolled: Counter[tuple[str, tuple[int, ...], bool]] = Counter({
        ("check", (1,), True): 90, ("check", (1,), False): 10,
        ("check", (2,), True): 10, ("check", (2,), False): 90})
    balance.add(Chunk(0, [Played(None, 1, "over")], rolled))
    text = render_markdown(balance.to_json({"check": (("need",), lambda key: Fraction(
        1, 2) if key == (1,) else Fraction(1, 10))}))
    assert "| need | exact | simulated | trials | agrees |" in text
    assert "| 1 | 1/2 = 50.00% | 90.0% (82.6-94.5%) | 100 | no |" in text
    assert "| 2 | 1/10 = 10.00% | 10.0% (5.5-17.4%) | 100 | yes |" in text
