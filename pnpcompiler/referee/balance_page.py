"""The balance report as one self-contained HTML page: the sections of ``report.md`` drawn
from the same report data (``Balance.to_json``), with every figure of ``report.json`` in it
and the plots embedded, so the file can be mailed or opened anywhere on its own.

The page is built in two steps: :func:`report_sections` turns the report's data into
sections of paragraphs, tables and figures (plain data, no markup), and a jinja2 template
(``templates/balance.html`` beside this module, with its CSS inline) draws them. A figure a
person reads rounded (a share as 12.3%) is written in an HTML ``<data>`` element whose
``value`` is the figure as ``report.json`` has it, so nothing the JSON holds is lost. A part
of the data no section draws yet is listed under "More figures" rather than left out.
"""

from __future__ import annotations

import base64
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import jinja2

from .balance import COMMONEST, histogram_bands, scores_title

JSON = dict[str, Any]


@dataclass(frozen=True)
class Num:
    """A figure as people read it (``text``) and as the report's JSON holds it (``value``)."""

    value: int | float | str
    text: str


Piece = str | Num
Line = tuple[Piece, ...]
"""A run of text and figures: a paragraph, or a table's cell."""


@dataclass
class Table:
    """A table: its header and rows of cells; ``flagged`` rows are drawn marked (an exact
    chance outside its simulated interval)."""

    header: list[str]
    rows: list[list[Line]] = field(default_factory=list)
    flagged: set[int] = field(default_factory=set)
    caption: str = ""
    folded: bool = False
    """Drawn closed (a long table of every value), opened with a click."""


@dataclass(frozen=True)
class Figure:
    """A plot embedded in the page as a data URL."""

    name: str
    caption: str
    url: str


@dataclass
class Section:
    """A heading and what it holds, in order."""

    title: str
    blocks: list[Line | Table | Figure] = field(default_factory=list)

    @property
    def anchor(self) -> str:
        """Return the section's id in the page."""
        words = "".join(c if c.isalnum() else " " for c in self.title.lower()).split()
        return "-".join(words)


DRAWN = {"game", "games", "seed", "seed_scheme", "players", "bots", "confidence",
         "cooperative", "length", "ends", "seats", "no_winner", "first_player", "scores",
         "exact", "plots", "plots_skipped", "figures", "rulings", "sides"}
"""The keys of the report's data the sections below draw; any other is listed as it is."""
CAPTIONS = {
    "scores": "The first seat's scores (the table's in a cooperative game): how many games "
              "ended on each, the thresholds marked with the share of all games reaching "
              "them; a game that scored nothing is in no bar (the title counts them).",
    "length": "The game's length: how many games lasted each length.",
    "winners": "Each seat's share of the games won with its 95% interval (with two seats or "
               "more, a dotted line at an even share: one in the number of seats of the "
               "games someone won).",
}
MIME = {"svg": "image/svg+xml", "png": "image/png"}


def render_html(data: JSON, plots: Mapping[str, bytes] | None = None) -> str:
    """Return the balance report as a self-contained HTML page, from its JSON data and the
    bytes of its plots by file name (the SVG of each drawn, the PNG where it has none)."""
    template = resources.files(__package__).joinpath("templates", "balance.html")
    env = jinja2.Environment(autoescape=True, trim_blocks=True, lstrip_blocks=True,
                             undefined=jinja2.StrictUndefined)
    env.tests.update(num=lambda x: isinstance(x, Num),
                     table=lambda x: isinstance(x, Table),
                     figure=lambda x: isinstance(x, Figure))
    page = env.from_string(template.read_text(encoding="utf-8"))
    return page.render(title=f"Balance report: {data['game']}", intro=_intro(data),
                       sections=report_sections(data, plots or {}))


def report_sections(data: JSON, plots: Mapping[str, bytes]) -> list[Section]:
    """Return the report's sections, in the order of ``report.md``."""
    sections = [*_winners(data), _length(data), _ends(data)]
    sections += [_scores(data, seat) for seat in data.get("scores", [])]
    sections += _figures(data.get("figures", []))
    sections += _sides(data.get("sides", []))
    sections += _rulings(data.get("rulings"))
    sections += _exact(data.get("exact", []))
    sections += _plots(data, plots)
    rest = {k: v for k, v in data.items() if k not in DRAWN}
    if rest:
        sections.append(Section("More figures", [_flat_table(rest)]))
    return sections


def pct(part: JSON) -> Line:
    """Return a share and its interval as percentages, each keeping its exact value."""
    low, high = part["interval"]
    return (Num(part["share"], f"{100 * part['share']:.1f}%"), " (",
            Num(low, f"{100 * low:.1f}"), "–", Num(high, f"{100 * high:.1f}%"), ")")


def mean(part: JSON) -> Line:
    """Return a mean and its interval."""
    low, high = part["interval"]
    return (Num(part["mean"], f"{part['mean']:.2f}"), " (", Num(low, f"{low:.2f}"), " to ",
            Num(high, f"{high:.2f}"), ")")


def _n(value: int | float) -> Num:
    """Return a figure shown as the JSON writes it."""
    return Num(value, str(value))


def _intro(data: JSON) -> Line:
    """Return the opening paragraph: the run, its seeds and what the intervals are."""
    return (_n(data["games"]), " games, ", _n(data["players"]), " player(s), bots ",
            ", ".join(data["bots"]), ", run seed ", _n(data["seed"]), ". Each game's seed is ",
            data["seed_scheme"], ". Intervals are ",
            Num(data["confidence"], f"{100 * data['confidence']:.0f}%"),
            ": Wilson intervals for shares, Student's t intervals for means.",
            *((" A cooperative game: the table wins or loses together, so no seat wins; the "
               "scores are the table's.",) if data.get("cooperative") else ()))


def _winners(data: JSON) -> list[Section]:
    """Return the winners by seat and the first player's advantage (none when the game is
    cooperative)."""
    if data.get("cooperative"):
        return []
    table = Table(["seat", "bot", "wins", "share (95% interval)"])
    table.rows = [[(_n(s["seat"]),), (s["bot"],), (_n(s["wins"]["count"]),), pct(s["wins"])]
                  for s in data["seats"]]
    table.rows.append([("none",), ("",), (_n(data["no_winner"]["count"]),),
                       pct(data["no_winner"])])
    section = Section("Winners", [table])
    first = data.get("first_player")
    if first is not None:
        verdict = "an advantage" if first["significant"] and first["advantage"] > 0 else (
            "a disadvantage" if first["significant"] else "no advantage the games can show")
        section.blocks.append(
            ("First player: wins ", _n(first["count"]), " of the ", _n(first["games"]),
             " games someone won, ", *pct(first), ", against an even ",
             Num(first["even"], f"{100 * first['even']:.1f}%"),
             " (", Num(first["advantage"], f"{100 * first['advantage']:+.1f}"),
             " points): ", verdict, "."))
    return [section]


def _spread(part: JSON, unit: str, games: str = "games") -> Line:
    """Return a tally's mean, sd, quartiles and extremes as a sentence, and its games."""
    return (f"In {unit}: mean " if unit else "Mean ", *mean(part), ", sd ",
            Num(part["sd"], f"{part['sd']:.2f}"), "; min ", _n(part["min"]), ", quartiles ",
            _n(part["q1"]), " / ", _n(part["median"]), " / ", _n(part["q3"]), ", max ",
            _n(part["max"]), " (", _n(part["count"]), f" {games}).")


def _every_value(histogram: Mapping[str, int], what: str) -> Table:
    """Return a histogram whole, every value with its games, folded away."""
    table = Table([what, "games"], caption=f"Every {what} and its games", folded=True)
    table.rows = [[(Num(int(value), value),), (_n(games),)]
                  for value, games in sorted(histogram.items(), key=lambda vk: int(vk[0]))]
    return table


def _length(data: JSON) -> Section:
    """Return the game length section."""
    length = data["length"]
    if not length.get("count"):
        return Section("Game length", [("No games.",)])
    return Section("Game length", [_spread(length, length["unit"]),
                                   _every_value(length["histogram"], "length")])


def _ends(data: JSON) -> Section:
    """Return how games end, with each end's share."""
    table = Table(["end", "games", "share (95% interval)"])
    table.rows = [[(end,), (_n(part["count"]),), pct(part)]
                  for end, part in data["ends"].items()]
    return Section("How games end", [table])


def _scores(data: JSON, seat: JSON) -> Section:
    """Return a seat's scores: spread, thresholds reached and the histogram."""
    section = Section(scores_title(data, seat))
    if seat["count"]:
        section.blocks.append((*_spread(seat, seat.get("unit", ""), "games with a score"),
                               " No score in ", *pct(seat["unscored"]), " of games (",
                               _n(seat["unscored"]["count"]), ")."))
    else:
        section.blocks.append(("No score in ", *pct(seat["unscored"]), " of games (",
                               _n(seat["unscored"]["count"]), ")."))
    if seat["thresholds"]:
        table = Table(["reaches", "points", "games", "share (95% interval)"])
        table.rows = [[(t["name"],), (_n(t["points"]),), (_n(t["count"]),), pct(t)]
                      for t in seat["thresholds"]]
        section.blocks.append(table)
    if seat.get("histogram"):
        section.blocks += [_bands(seat["histogram"]), _every_value(seat["histogram"], "score")]
    return section


def _bands(histogram: Mapping[str, int]) -> Table:
    """Return the scores' counts in bands of equal width (at most 16 rows), as report.md."""
    table = Table(["score", "games"])
    table.rows = [[(band,), (str(games),)] for band, games in histogram_bands(dict(histogram))]
    return table


def _figures(rows: list[JSON]) -> list[Section]:
    """Return what else the games count (money, planes, incidents...), a row a figure."""
    shown = [r for r in rows if r["count"]]
    if not shown:
        return []
    table = Table(["figure", "mean (95% interval)", "sd", "min", "median", "max",
                   "games with any (95% interval)"])
    table.rows = [[(r["name"],), mean(r), (Num(r["sd"], f"{r['sd']:.2f}"),), (_n(r["min"]),),
                   (_n(r["median"]),), (_n(r["max"]),), pct(r["nonzero"])] for r in shown]
    return [Section("Per game", [table])]


def _sides(sides: list[JSON]) -> list[Section]:
    """Return each category's values (pilot, machine) with their share of the games they
    were in won, against an even share."""
    sections = []
    for side in sides:
        category = side["category"]
        table = Table([category, "games", "someone won", "its seat won",
                       "share (95% interval)", "against even"])
        table.rows = [[(r["value"],), (_n(r["games"]),), (_n(r["decided"]),),
                       (_n(r["wins"]["count"]),), pct(r["wins"]), (r["versus_even"],)]
                      for r in side["rows"]]
        sections.append(Section(f"Winners by {category}", [
            (f"A {category}'s games, the share of those someone won that its seat won, and "
             "whether that is above or below an even ",
             Num(side["even"], f"{100 * side['even']:.1f}%"), " beyond its interval (of many "
             "values that win evenly, about 1 in 20 reads above or below by chance).",),
            table]))
    return sections


def _rulings(rulings: JSON | None) -> list[Section]:
    """Return the rulings the games drew, commonest first (bots that break rules on
    purpose); every ruling is in the table, the first ten shown and the rest folded."""
    if rulings is None:
        return []
    rows, anyone = rulings["rows"], rulings["games_with_any"]
    if not rows:
        return [Section("Rulings", [("None: every game the bots played is legal (",
                                     _n(anyone["count"]), " games with a ruling, ",
                                     *pct(anyone), ").")])]
    head = ["code", "rule", "games", "share of games (95% interval)", "times", "per game"]
    shown, more = Table(head), Table(head, caption=f"{len(rows) - COMMONEST} more rulings",
                                     folded=True)
    for i, r in enumerate(rows):
        (shown if i < COMMONEST else more).rows.append(
            [(r["code"],), (r["rule"],), (_n(r["games"]["count"]),), pct(r["games"]),
             (_n(r["times"]),), (Num(r["per_game"], f"{r['per_game']:.3f}"),)])
    blocks: list[Line | Table | Figure] = [
        ("Games with any ruling: ", _n(anyone["count"]), ", ", *pct(anyone), ". A ruling's "
         "share is the share of games it was made in; a game may draw it more than once.",),
        shown]
    if more.rows:
        blocks.append(more)
    return [Section("Commonest rulings", blocks)]


def _exact(rows: list[JSON]) -> list[Section]:
    """Return the exact chances beside the simulated rates, a section a table."""
    sections: list[Section] = []
    fixed = {"table", "exact", "fraction", "simulated", "trials", "agrees"}
    for name in sorted({r["table"] for r in rows}):
        mine = [r for r in rows if r["table"] == name]
        columns = [k for k in mine[0] if k not in fixed]
        agree = sum(1 for r in mine if r["agrees"])
        table = Table([*columns, "exact", "passed", "trials", "simulated (95% interval)",
                       "agrees"])
        for i, r in enumerate(mine):
            table.rows.append([*((_n(r[c]),) for c in columns),
                               (Num(r["fraction"], r["fraction"]), " = ",
                                Num(r["exact"], f"{100 * r['exact']:.2f}%")),
                               (_n(r["simulated"]["count"]),), (_n(r["trials"]),),
                               pct(r["simulated"]), ("yes" if r["agrees"] else "no",)])
            if not r["agrees"]:
                table.flagged.add(i)
        sections.append(Section(f"Exact chances: {name}", [
            ("The chance to pass, exactly by enumerating the dice, beside the simulated rate: ",
             _n(agree), " of ", _n(len(mine)), " rows within their 95% interval (about 1 in "
             "20 falls outside by chance; those are marked).",), table]))
    return sections


def _plots(data: JSON, plots: Mapping[str, bytes]) -> list[Section]:
    """Return the plots embedded, the SVG of each where there is one."""
    if data.get("plots_skipped") and not data.get("plots"):
        return [Section("Plots", [(f"Plots skipped: {data['plots_skipped']}.",)])]
    stems = dict.fromkeys(name.rsplit(".", 1)[0] for name in data.get("plots", []))
    figures: list[Line | Table | Figure] = []
    for stem in stems:
        for suffix in ("svg", "png"):
            name = f"{stem}.{suffix}"
            if name in plots:
                url = (f"data:{MIME[suffix]};base64,"
                       + base64.b64encode(plots[name]).decode("ascii"))
                figures.append(Figure(name, CAPTIONS.get(stem, stem), url))
                break
    return [Section("Plots", figures)] if figures else []


def _flat_table(rest: JSON) -> Table:
    """Return data no section draws as rows of a dotted path and a value."""
    table = Table(["figure", "value"])
    table.rows = [[(path,), (Num(value, str(value)) if isinstance(value, int | float)
                             and not isinstance(value, bool) else str(value),)]
                  for path, value in _leaves(rest, "")]
    return table


def _leaves(value: Any, path: str) -> Iterator[tuple[str, Any]]:
    """Yield every leaf of nested data with its dotted path."""
    if isinstance(value, Mapping):
        for key, inner in value.items():
            yield from _leaves(inner, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _leaves(inner, f"{path}[{i}]")
    else:
        yield path, value
