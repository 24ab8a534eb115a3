"""The balance report of a simulated run: what the games' results add up to, with confidence
intervals, as JSON and as Markdown.

Everything is counted in tallies (how many games had each length, each score), never kept
game by game, so a run of millions of games is summed in the memory of a few thousand
numbers, and the report is the same whatever order the chunks were summed in. Shares carry
Wilson score intervals (right near 0 and 1, where a normal interval is not); means carry
Student's t interval, mean +- t * sd / sqrt(n) with n - 1 degrees of freedom, which is right
for a run of a few games too (a normal interval's 1.96 covers the mean of four games only 86
times in 100) and comes to the normal interval for the thousands of games a run plays.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .simulation import SEED_SCHEME, Chunk

Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""
JSON = dict[str, Any]
Exact = dict[str, tuple[tuple[str, ...], Callable[[tuple[int, ...]], Fraction]]]
"""Each table of exact chances, by name: its columns and the exact chance of a key."""


def wilson(hits: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson score interval of a share ``hits / trials``."""
    if trials == 0:
        return 0.0, 1.0
    p = hits / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


T_EXACT_MOST = 100
"""Up to these degrees of freedom t's quantile is found from its exact distribution; beyond,
its Cornish-Fisher expansion is within 1e-10 of it."""


def t95(freedom: int) -> float:
    """Return the two-sided 95% point of Student's t with ``freedom`` degrees of freedom."""
    if freedom > T_EXACT_MOST:
        return _t95_expanded(freedom)
    low, high = 0.0, 64.0  # t(1) is 12.7
    for _ in range(60):
        middle = (low + high) / 2
        low, high = (middle, high) if _t_within(middle, freedom) < 0.95 else (low, middle)
    return (low + high) / 2


def _t_within(t: float, freedom: int) -> float:
    """Return the chance that Student's t lies within +-t (Abramowitz and Stegun 26.7.3-4,
    exact for whole degrees of freedom)."""
    theta = math.atan(t / math.sqrt(freedom))
    cos2, sin = math.cos(theta) ** 2, math.sin(theta)
    odd = freedom % 2 == 1
    term = math.cos(theta) if odd else 1.0
    total = term if freedom > 1 or not odd else 0.0
    for k in range(3 if odd else 2, freedom - 1, 2):
        term *= cos2 * (k - 1) / k
        total += term
    return 2 / math.pi * (theta + sin * total) if odd else sin * total


def _t95_expanded(freedom: int) -> float:
    """Return t's two-sided 95% point by its Cornish-Fisher expansion about the normal's
    (Abramowitz and Stegun 26.7.5)."""
    x, v = Z95, freedom
    return (x + (x**3 + x) / (4 * v) + (5 * x**5 + 16 * x**3 + 3 * x) / (96 * v**2)
            + (3 * x**7 + 19 * x**5 + 17 * x**3 - 15 * x) / (384 * v**3)
            + (79 * x**9 + 776 * x**7 + 1482 * x**5 - 1920 * x**3 - 945 * x) / (92160 * v**4))


def share(hits: int, trials: int) -> JSON:
    """Return a share with its count and 95% interval, as the report writes it."""
    low, high = wilson(hits, trials)
    return {"count": hits, "share": _r(hits / trials if trials else 0.0),
            "interval": [_r(low), _r(high)]}


def spread(tally: Counter[int]) -> JSON:
    """Return the mean (with its 95% t interval), quartiles and extremes of tallied values."""
    n = sum(tally.values())
    if n == 0:
        return {"count": 0}
    mean = sum(v * k for v, k in tally.items()) / n
    var = sum(k * (v - mean) ** 2 for v, k in tally.items()) / (n - 1) if n > 1 else 0.0
    half = t95(n - 1) * math.sqrt(var / n) if n > 1 else 0.0
    return {"count": n, "mean": _r(mean), "interval": [_r(mean - half), _r(mean + half)],
            "sd": _r(math.sqrt(var)), "min": min(tally), "q1": _quantile(tally, n, 0.25),
            "median": _quantile(tally, n, 0.5), "q3": _quantile(tally, n, 0.75),
            "max": max(tally), "histogram": {str(v): tally[v] for v in sorted(tally)}}


def _quantile(tally: Counter[int], n: int, q: float) -> int:
    """Return the smallest value with at least a share ``q`` of the values at or below it."""
    seen = 0
    for value in sorted(tally):
        seen += tally[value]
        if seen >= q * n:
            return value
    return max(tally)


def _r(x: float) -> float:
    """Round a figure for the report (fixed digits keep its bytes the same run to run)."""
    return round(x, 6)


@dataclass
class Balance:
    """The tallies of a run, added chunk by chunk."""

    game: str
    seats: tuple[str, ...]
    run_seed: int
    length_unit: str
    thresholds: list[tuple[str, int]] = field(default_factory=list)
    cooperative: bool = False
    """No seat wins: no winners, no first player's advantage, one score for the table."""
    score_unit: str = ""
    """What a score counts (``points``, ``victory points``); empty when unnamed."""
    games: int = 0
    wins: Counter[int] = field(default_factory=Counter)
    lengths: Counter[int] = field(default_factory=Counter)
    ends: Counter[str] = field(default_factory=Counter)
    scores: list[Counter[int]] = field(default_factory=list)
    unscored: Counter[int] = field(default_factory=Counter)
    """Per seat, the games it scored nothing in (a crash)."""
    chances: Counter[tuple[str, tuple[int, ...], bool]] = field(default_factory=Counter)
    rulings: Counter[tuple[str, str]] = field(default_factory=Counter)
    """How many times each ruling, as (code, rule), was made."""
    ruled: Counter[tuple[str, str]] = field(default_factory=Counter)
    """In how many games each ruling was made."""
    illegal: int = 0
    """Games with any ruling."""
    figures: dict[str, Counter[int]] = field(default_factory=dict)
    """What else the games count, by name: how many games had each value."""
    side_games: Counter[tuple[str, str]] = field(default_factory=Counter)
    """Per (category, value) of what seats played with: the games it was in."""
    side_decided: Counter[tuple[str, str]] = field(default_factory=Counter)
    """Per (category, value): the games it was in that someone won."""
    side_wins: Counter[tuple[str, str]] = field(default_factory=Counter)
    """Per (category, value): the games won by a seat that had it."""

    def add(self, chunk: Chunk) -> None:
        """Count a chunk's games."""
        for game in chunk.games:
            self.games += 1
            self.wins[-1 if game.winner is None else game.winner] += 1
            self.lengths[game.length] += 1
            self.ends[game.end] += 1
            while len(self.scores) < len(game.scores):
                self.scores.append(Counter())
            for seat, points in enumerate(game.scores):
                if points is None:
                    self.unscored[seat] += 1
                else:
                    self.scores[seat][points] += 1
            for name, value in game.figures:
                self.figures.setdefault(name, Counter())[value] += 1
            sides = {(category, value): seat for category, seat, value in game.sides}
            self.side_games.update(sides.keys())
            if game.winner is not None:
                self.side_decided.update(sides.keys())
                self.side_wins.update(k for k, seat in sides.items() if seat == game.winner)
        self.chances.update(chunk.chances)
        self.rulings.update(chunk.rulings)
        self.ruled.update(chunk.ruled)
        self.illegal += chunk.illegal

    def to_json(self, exact: Exact) -> JSON:
        """Return the report as JSON data; ``exact`` gives each table of exact chances its
        columns and the chance of a key."""
        n = self.games
        data: JSON = {
            "game": self.game, "games": n, "seed": self.run_seed, "seed_scheme": SEED_SCHEME,
            "players": len(self.seats), "bots": list(self.seats), "confidence": 0.95,
            "cooperative": self.cooperative,
            "length": {"unit": self.length_unit, **spread(self.lengths)},
            "ends": {end: share(k, n) for end, k in sorted(self.ends.items())},
        }
        if not self.cooperative:
            data["seats"] = [{"seat": i + 1, "bot": bot, "wins": share(self.wins[i], n)}
                             for i, bot in enumerate(self.seats)]
            data["no_winner"] = share(self.wins[-1], n)
        if len(self.seats) > 1 and not self.cooperative:
            data["first_player"] = self.first_player()
        if self.scores:
            seats = 1 if self.cooperative else len(self.scores)
            data["scores"] = [self.seat_scores(seat) for seat in range(seats)]
        if self.figures:
            data["figures"] = self.figure_rows()
        if self.side_games and not self.cooperative:
            data["sides"] = self.side_rows()
        data["rulings"] = self.ruling_rows()
        data["exact"] = self.exact_rows(exact)
        return data

    def figure_rows(self) -> list[JSON]:
        """Return the spread of each figure the games count, and the share of games where
        it is not nought."""
        return [{"name": name, "nonzero": share(self.games - tally[0], self.games),
                 **spread(tally)} for name, tally in self.figures.items()]

    def side_rows(self) -> list[JSON]:
        """Return, per category of what seats played with (pilot, machine), each value's
        games, its share of those someone won against an even share (one in the number of
        seats: a game nobody won is no one's loss), highest share first."""
        even = 1 / len(self.seats)
        out = []
        for category in sorted({c for c, _ in self.side_games}):
            rows: list[JSON] = []
            for (c, value), games in self.side_games.items():
                if c != category:
                    continue
                decided = self.side_decided[(c, value)]
                won = share(self.side_wins[(c, value)], decided)
                low, high = won["interval"]
                rows.append({"value": value, "games": games, "decided": decided, "wins": won,
                             "versus_even": "above" if low > even else "below" if high < even
                             else "even"})
            rows.sort(key=lambda r: (-r["wins"]["share"], r["value"]))
            out.append({"category": category, "even": _r(even), "rows": rows})
        return out

    def ruling_rows(self) -> JSON:
        """Return every ruling made, commonest first: the share of games it was made in
        (with its interval) and how often a game."""
        n = self.games
        order = sorted(self.rulings, key=lambda k: (-self.ruled[k], -self.rulings[k], k))
        rows = [{"code": code, "rule": rule, "games": share(self.ruled[(code, rule)], n),
                 "times": self.rulings[(code, rule)],
                 "per_game": _r(self.rulings[(code, rule)] / n if n else 0.0)}
                for code, rule in order]
        return {"games_with_any": share(self.illegal, n), "rows": rows}

    def first_player(self) -> JSON:
        """Return the first seat's share of the games someone won against an even share (a
        game nobody won, which no seat won, would count against every seat alike)."""
        decided, even = self.games - self.wins[-1], 1 / len(self.seats)
        first = share(self.wins[0], decided)
        low, high = first["interval"]
        return {**first, "games": decided, "even": _r(even),
                "advantage": _r(first["share"] - even), "significant": not low <= even <= high}

    def seat_scores(self, seat: int) -> JSON:
        """Return a seat's scores: their spread, and how often each threshold is reached
        (a game it scored nothing in reaches none)."""
        tally = self.scores[seat]
        return {"seat": seat + 1, "unit": self.score_unit,
                "unscored": share(self.unscored[seat], self.games), **spread(tally),
                "thresholds": [{"name": name, "points": points,
                                **share(sum(k for v, k in tally.items() if v >= points),
                                        self.games)}
                               for name, points in self.thresholds]}

    def exact_rows(self, exact: Exact) -> list[JSON]:
        """Return every tallied roll's simulated rate beside its exact chance."""
        rows: list[JSON] = []
        keys = sorted({(table, key) for table, key, _ in self.chances})
        for table, key in keys:
            if table not in exact:
                continue
            columns, chance = exact[table]
            passed = self.chances[(table, key, True)]
            trials = passed + self.chances[(table, key, False)]
            exactly = chance(key)
            rows.append({"table": table, **dict(zip(columns, key, strict=True)),
                         "exact": _r(float(exactly)), "fraction": str(exactly),
                         "simulated": share(passed, trials), "trials": trials,
                         "agrees": wilson(passed, trials)[0] <= exactly
                         <= wilson(passed, trials)[1]})
        return rows


def _pct(part: JSON) -> str:
    """Return a share and its interval as percentages."""
    low, high = part["interval"]
    return f"{100 * part['share']:.1f}% ({100 * low:.1f}-{100 * high:.1f}%)"


def _mean(part: JSON) -> str:
    """Return a mean and its interval."""
    low, high = part["interval"]
    return f"{part['mean']:.2f} ({low:.2f} to {high:.2f})"


def render_markdown(data: JSON, *, exact: bool = True) -> str:
    """Return the balance report for people, as Markdown, from its JSON data (without the
    tables of exact chances, which run long, unless ``exact``)."""
    out = [f"# Balance report: {data['game']}", "",
           f"{data['games']} games, {data['players']} player(s), bots "
           f"{', '.join(data['bots'])}, run seed {data['seed']}. Each game's seed is "
           f"{data['seed_scheme']}. Intervals are 95%: Wilson intervals for shares, Student's "
           "t intervals for means.", ""]
    if data.get("cooperative"):
        out += ["A cooperative game: the table wins or loses together, so no seat wins; the "
                "scores are the table's.", ""]
    else:
        out += ["## Winners", "", "| seat | bot | wins | share |", "|---|---|---|---|"]
        out += [f"| {s['seat']} | {s['bot']} | {s['wins']['count']} | {_pct(s['wins'])} |"
                for s in data["seats"]]
        out += [f"| none | | {data['no_winner']['count']} | {_pct(data['no_winner'])} |", ""]
    if "first_player" in data:
        first = data["first_player"]
        verdict = "an advantage" if first["significant"] and first["advantage"] > 0 else (
            "a disadvantage" if first["significant"] else "no advantage the games can show")
        out += [f"First player: wins {_pct(first)} of the {first['games']} games someone won, "
                f"against an even {100 * first['even']:.1f}%: {verdict}.", ""]
    length = data["length"]
    out += ["## Game length", "", f"In {length['unit']}: mean {_mean(length)}, sd "
            f"{length['sd']:.2f}; min {length['min']}, quartiles {length['q1']} / "
            f"{length['median']} / {length['q3']}, max {length['max']}.", "",
            "## How games end", "", "| end | games | share |", "|---|---|---|"]
    out += [f"| {end} | {part['count']} | {_pct(part)} |" for end, part in data["ends"].items()]
    for seat in data.get("scores", []):
        out += ["", f"## {scores_title(data, seat)}", ""]
        if seat["count"]:
            out += [("In " + seat["unit"] + ": mean " if seat.get("unit") else "Mean ")
                    + f"{_mean(seat)}, sd {seat['sd']:.2f}; min {seat['min']}, quartiles "
                    f"{seat['q1']} / {seat['median']} / {seat['q3']}, max {seat['max']} "
                    f"({_games(seat['count'])} with a score); no score in "
                    f"{_pct(seat['unscored'])} of games.", ""]
        if seat["thresholds"]:
            out += ["| reaches | points | games | share |", "|---|---|---|---|"]
            out += [f"| {t['name']} | {t['points']} | {t['count']} | {_pct(t)} |"
                    for t in seat["thresholds"]]
            out.append("")
        out += _histogram_rows(seat.get("histogram", {}))
    out += _figure_rows(data.get("figures", []))
    out += _side_rows(data.get("sides", []))
    out += _ruling_rows(data.get("rulings"))
    if data["exact"] and exact:
        out += _exact_rows(data["exact"])
    elif data["exact"]:
        agree = sum(1 for r in data["exact"] if r["agrees"])
        out += ["", f"Exact chances: {agree} of {len(data['exact'])} simulated rates within "
                "their 95% interval of the exact chance (the tables are in report.md)."]
    plots = data.get("plots")
    if plots:
        out += ["", "## Plots", ""] + [f"![{p}]({p})" for p in plots if p.endswith(".svg")]
    elif data.get("plots_skipped"):
        out += ["", f"Plots skipped: {data['plots_skipped']}."]
    return "\n".join(out).rstrip() + "\n"


def scores_title(data: JSON, seat: JSON) -> str:
    """Return the heading of a seat's scores: the table's, in a cooperative game."""
    return "Scores (the table)" if data.get("cooperative") else f"Scores (seat {seat['seat']})"


def _games(count: int) -> str:
    """Return a count of games in words: 1 game, 265 games."""
    return f"{count} game" if count == 1 else f"{count} games"


def band_counts(histogram: Mapping[str, int] | Mapping[int, int], most: int
                ) -> tuple[list[tuple[int, int]], int]:
    """Return a histogram's counts in bands of equal width, at most ``most`` of them, each
    band by its first value (empty bands too), and the width: a round one (1, 2 or 5 times
    a power of ten), each band starting on a multiple of it, so that a reader's thresholds
    and round numbers begin bands rather than fall inside them."""
    values = {int(v): k for v, k in histogram.items()}
    if not values:
        return [], 1
    low, high = min(values), max(values)
    width = next(w for w in _round_widths() if high // w - low // w < most)
    counts: Counter[int] = Counter()
    for value, games in values.items():
        counts[value // width * width] += games
    return [(start, counts[start])
            for start in range(low // width * width, high + 1, width)], width


def _round_widths() -> Iterator[int]:
    """Yield 1, 2, 5, 10, 20, 50, 100 ... without end."""
    power = 1
    while True:
        yield from (power, 2 * power, 5 * power)
        power *= 10


def histogram_bands(histogram: dict[str, int], most: int = 16) -> list[tuple[str, int]]:
    """Return a histogram's counts in bands of equal width (at most ``most``), each band
    named by its value (``7``) or its range (``10 to 19``)."""
    bands, width = band_counts(histogram, most)
    return [(str(start) if width == 1 else f"{start} to {start + width - 1}", games)
            for start, games in bands]


def _histogram_rows(histogram: dict[str, int]) -> list[str]:
    """Return the scores' counts as a table, in bands of equal width (at most 16 rows)."""
    if not histogram:
        return []
    rows = ["| score | games |", "|---|---|"]
    rows += [f"| {band} | {games} |" for band, games in histogram_bands(histogram)]
    return [*rows, ""]


def _exact_rows(rows: list[JSON]) -> list[str]:
    """Return the exact chances beside the simulated rates, a table each."""
    out: list[str] = []
    for table in sorted({r["table"] for r in rows}):
        mine = [r for r in rows if r["table"] == table]
        columns = [k for k in mine[0] if k not in {"table", "exact", "fraction", "simulated",
                                                   "trials", "agrees"}]
        agree = sum(1 for r in mine if r["agrees"])
        out += ["", f"## Exact chances: {table}", "",
                f"The chance to pass, exactly by enumerating the dice, beside the simulated "
                f"rate: {agree} of {len(mine)} rows within their 95% interval (about 1 in 20 "
                "falls outside by chance; those say no under agrees).", "",
                "| " + " | ".join(columns) + " | exact | simulated | trials | agrees |",
                "|" + "---|" * (len(columns) + 4)]
        out += ["| " + " | ".join(str(r[c]) for c in columns)
                + f" | {r['fraction']} = {100 * r['exact']:.2f}% | {_pct(r['simulated'])} "
                f"| {r['trials']} | {'yes' if r['agrees'] else 'no'} |" for r in mine]
    return out


COMMONEST = 10
"""The rulings the Markdown report lists (the JSON has them all)."""


def _figure_rows(rows: list[JSON]) -> list[str]:
    """Return what else the games count, a row a figure."""
    if not rows:
        return []
    out = ["", "## Per game", "", "| figure | mean | sd | min | median | max | games with any "
           "|", "|---|---|---|---|---|---|---|"]
    out += [f"| {r['name']} | {_mean(r)} | {r['sd']:.2f} | {r['min']} | {r['median']} | "
            f"{r['max']} | {_pct(r['nonzero'])} |" for r in rows if r["count"]]
    return out


def _side_rows(sides: list[JSON]) -> list[str]:
    """Return each category's values (pilot, machine) with their share of the games they
    were in won, against an even share."""
    out: list[str] = []
    for side in sides:
        out += ["", f"## Winners by {side['category']}", "",
                f"A {side['category']}'s games, the share of those someone won that its seat "
                f"won, and whether that is above or below an even {100 * side['even']:.1f}% "
                "beyond its interval (of many values that win evenly, about 1 in 20 reads above "
                "or below by chance).", "", f"| {side['category']} | games | someone won | "
                "its seat won | share | against even |", "|---|---|---|---|---|---|"]
        out += [f"| {r['value']} | {r['games']} | {r['decided']} | {r['wins']['count']} | "
                f"{_pct(r['wins'])} | {r['versus_even']} |" for r in side["rows"]]
    return out


def _ruling_rows(rulings: JSON | None) -> list[str]:
    """Return the commonest rulings the games drew (bots that break rules on purpose)."""
    if rulings is None:
        return []
    rows, anyone = rulings["rows"], rulings["games_with_any"]
    if not rows:
        return ["", "## Rulings", "", "None: every game the bots played is legal "
                f"({anyone['count']} games with a ruling, {_pct(anyone)})."]
    out = ["", "## Commonest rulings", "",
           f"Games with any ruling: {anyone['count']}, {_pct(anyone)}. A ruling's share is the "
           "share of games it was made in; a game may draw it more than once.", "",
           "| code | rule | games | share of games | times | per game |",
           "|---|---|---|---|---|---|"]
    out += [f"| {r['code']} | {r['rule']} | {r['games']['count']} | {_pct(r['games'])} | "
            f"{r['times']} | {r['per_game']:.3f} |" for r in rows[:COMMONEST]]
    if len(rows) > COMMONEST:
        out.append(f"| ({len(rows) - COMMONEST} more in report.json) | | | | | |")
    return out
