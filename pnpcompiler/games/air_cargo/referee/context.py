"""What the Air Cargo referees work with: the map and tables looked up once, the rulings
found so far, and the score as the rulebook counts it."""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ....content.project import GameContent
from ....core.findings import Location
from ....referee import RefereeError, Rulings
from ..checks import game_map, game_rules
from ..legs import (
    Network,
    Route,
    best_routes,
    closest_point,
    in_order_met,
    mountains_crossed,
    within_exactly,
)
from ..map_checks import sound_network
from ..model import AirCargoMap, AirCargoRules, Airport, Beacon, Mountain
from ..play import rank, score

LANDING = "landing"
"""What a check's ``at`` says for the landing hazard check."""
XY = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Stop:
    """A place of the map as a replay reads it: its values copied once from the map, whose
    models are slow to read an attribute of."""

    id: str
    x: float
    y: float
    airport: bool
    start: bool
    hazard: int
    """The landing hazard (0 for a beacon or the start airport)."""
    dice_id: int | str | None
    place: Airport | Beacon
    """The map's place (its names, for a ruling)."""


@dataclass(frozen=True, slots=True)
class LegFacts:
    """What the map says of a leg flown from one place to another, worked out once."""

    start: XY
    end: XY
    within_template: bool
    """No longer than the leg template (exactly)."""
    crossings: tuple[str, ...]
    """The mountain ranges it crosses, in the order it meets them from its start."""
    hazards: tuple[int, ...]
    """Each range's hazard number."""
    marks: tuple[XY, ...]
    """Where the leg comes nearest each range's centre (where its check is marked)."""
    due: tuple[tuple[str, int, XY], ...]
    """Each range's check: its id, hazard number and mark."""
    landing_due: tuple[tuple[str, int, XY], ...]
    """The same, then the landing check at its end (the leg that lands there)."""


@dataclass
class Chart:
    """The map, its legal legs and the rules tables, with look-ups by the names players use,
    and what a replay asks of them again and again worked out once per content: places by
    id, airports by dice ID, each leg's facts, the weather and cargo numbers, the boxes."""

    board: AirCargoMap
    tables: AirCargoRules
    net: Network
    by_ref: dict[str, Airport | Beacon] = field(default_factory=dict)
    mountains: dict[str, Mountain] = field(default_factory=dict)
    routes: dict[str, dict[str, Route]] = field(default_factory=dict)
    """The fewest-legs flights from each airport asked about so far."""
    centres: dict[str, tuple[float, float]] = field(default_factory=dict)
    """Each mountain range's centre by id."""
    by_id: dict[str, Airport | Beacon] = field(init=False)
    by_dice: dict[int, tuple[str, ...]] = field(init=False)
    """The airports a roll can plan (their ids), by dice ID."""
    by_written: dict[int | str, Airport | Beacon | None] = field(init=False)
    """Places as records write them (``46``, ``LKV``, ``Los Angeles``), remembered as met."""
    legs: dict[tuple[str, str], LegFacts] = field(init=False)
    """Each leg asked about so far, by its two place ids."""
    stops: dict[str, Stop] = field(init=False)
    """Every place as a replay reads it, by id."""
    stops_written: dict[int | str, Stop | None] = field(init=False)
    """Places as records write them, remembered as met."""
    hops: dict[tuple[str, int | str], tuple[Stop | None, LegFacts | None]] = field(init=False)
    """Where a leg from a place to a place as a record writes it goes, and the leg's facts."""
    rows: tuple[int, ...] = field(init=False)
    """The weather row a check reads after each number of boxes crossed (0: none)."""
    hazards: dict[str, tuple[int, XY]] = field(init=False)
    """Each mountain range's hazard number and centre, by id."""
    check_keys: dict[str, str | None] = field(init=False)
    """What checks' ``at`` name, as records write them, remembered as met."""
    weather: tuple[tuple[int, ...], ...] = field(init=False)
    """The weather number by row and die face (index 0 unused)."""
    columns: dict[int, str] = field(init=False)
    """The weather column's title by die face."""
    class_number: dict[int, int] = field(init=False)
    """What a cargo adds to a check, by weight."""
    boxes: Counter[int] = field(init=False)
    """CARGO WEIGHT boxes by weight."""
    weather_boxes: int = field(init=False)
    """How many boxes the weather table has (a leg each)."""
    start: Airport = field(init=False)
    """The airport the first flight starts from (Pendleton)."""
    ranks: tuple[str, ...] = field(init=False)
    """The ranks' names, lowest first."""
    rank_claims: dict[str, tuple[bool, str | None]] = field(init=False)
    """Ranks as records claim them, read (see :func:`read_rank`), remembered as met."""
    per_row: int = field(init=False)
    """Weather boxes a row."""
    pass_at_most: int = field(init=False)
    """The highest total that passes a check."""
    plan_reroll_boxes: int = field(init=False)
    stamina_boxes: int = field(init=False)
    prayer_boxes: int = field(init=False)

    def __post_init__(self) -> None:
        for place in self.board.places():
            for key in self._keys(place):
                self.by_ref.setdefault(key, place)
        for m in self.board.mountains:
            self.mountains.setdefault(m.id.lower(), m)
            if m.name:
                self.mountains.setdefault(m.name.lower(), m)
            self.centres[m.id] = (m.x, m.y)
        self.by_id = {p.id: p for p in reversed(self.board.places())}
        self.stops = {p.id: _stop(p) for p in self.by_id.values()}
        self.stops_written = {}
        self.by_dice = {}
        for airport in self.board.airports:
            if not airport.start and isinstance(airport.dice_id, int):
                ids = self.by_dice.get(airport.dice_id, ())
                self.by_dice[airport.dice_id] = (*ids, airport.id)
        self.by_written = {}
        self.legs = {}
        self.check_keys = {}
        by_id = {m.id: m for m in reversed(self.board.mountains)}
        self.hazards = {key: (m.hazard, (m.x, m.y)) for key, m in by_id.items()}
        weather = self.tables.weather
        faces = range(self.tables.dice.sides + 1)
        column = {d: c for c, col in reversed(list(enumerate(weather.columns))) for d in col.faces}
        self.columns = {d: weather.columns[c].title for d, c in column.items()}
        self.weather = tuple(tuple(row[column[d]] if d in column else 0 for d in faces)
                             for row in weather.rows)
        self.class_number = {}
        self.boxes = Counter(box.weight for box in self.tables.cargo)
        self.weather_boxes = len(weather.rows) * weather.boxes_per_row
        self.per_row = weather.boxes_per_row
        self.rows = (0, *((box - 1) // self.per_row for box in range(1, self.weather_boxes + 1)))
        self.hops = {}
        self.pass_at_most = self.tables.hazard_check.pass_at_most
        boxes = self.tables.boxes
        self.plan_reroll_boxes = boxes.plan_reroll.count
        self.stamina_boxes, self.prayer_boxes = boxes.stamina.count, boxes.prayer_reroll.count
        found = self.board.start()
        assert found is not None
        self.start = found
        self.rank_claims = {}
        self.ranks = tuple(r.name for r in sorted(self.tables.scoring.ranks,
                                                  key=lambda r: r.points))

    @staticmethod
    def _keys(place: Airport | Beacon) -> list[str]:
        keys = [place.id.lower()]
        if isinstance(place, Airport):
            keys.append(str(place.dice_id).lower())
        else:
            keys.append(place.code.lower())
        if place.name:
            keys.append(place.name.lower())
        return keys

    def place(self, ref: int | str) -> Airport | Beacon | None:
        """Return the airport or beacon a record names (ID, ident, id or name)."""
        try:
            return self.by_written[ref]
        except KeyError:
            found = self.by_ref.get(str(ref).strip().lower())
            if len(self.by_written) < WRITTEN_NAMES:
                self.by_written[ref] = found
            return found

    def airport(self, ref: int | str) -> Airport | None:
        """Return the airport a record names, None when it names none."""
        place = self.place(ref)
        return place if isinstance(place, Airport) else None

    def mountain(self, ref: str) -> Mountain | None:
        """Return the mountain range a record names (its id or name)."""
        return self.mountains.get(ref.strip().lower())

    def stop(self, ref: int | str) -> Stop | None:
        """Return the place a record names as a replay reads it."""
        try:
            return self.stops_written[ref]
        except KeyError:
            place = self.place(ref)
            found = None if place is None else self.stops[place.id]
            if len(self.stops_written) < WRITTEN_NAMES:
                self.stops_written[ref] = found
            return found

    def leg(self, a: Spot, b: Spot) -> LegFacts:
        """Return what the map says of the leg from ``a`` to ``b`` (worked out the first time
        it is asked for: a legal leg from the network, any other from the map)."""
        try:
            return self.legs[a.id, b.id]
        except KeyError:
            pass
        a, b = self.stops[a.id], self.stops[b.id]
        known = self.net.leg(a.id, b.id)
        if known is not None:
            found = self._facts(a, b, True, known.met_from(a.id))
        else:
            seg = ((a.x, a.y), (b.x, b.y))
            crossings = in_order_met(seg, mountains_crossed(self.board, [seg])[0], self.board)
            found = self._facts(a, b, within_exactly(*seg, self.board.leg_length), crossings)
        self.legs[a.id, b.id] = found
        return found

    def hop(self, here: Stop, ref: int | str) -> tuple[Stop | None, LegFacts | None]:
        """Return where a leg from ``here`` to a place a record names goes (None: no place
        on the map), and what the map says of it."""
        target = self.stop(ref)
        found = (target, None if target is None else self.leg(here, target))
        if len(self.hops) < WRITTEN_NAMES:
            self.hops[here.id, ref] = found
        return found

    def _facts(self, a: Stop, b: Stop, within: bool, crossings: tuple[str, ...]) -> LegFacts:
        seg = ((a.x, a.y), (b.x, b.y))
        hazards = tuple(self.hazards[m][0] for m in crossings)
        marks = tuple(closest_point(seg, self.hazards[m][1])[1] for m in crossings)
        due = tuple(zip(crossings, hazards, marks, strict=True))
        return LegFacts(seg[0], seg[1], within, crossings, hazards, marks, due,
                        (*due, (LANDING, b.hazard, seg[1])))

    def check_key(self, at: str) -> str | None:
        """Return what a check's ``at`` names: ``landing``, a mountain range's id, or None."""
        try:
            return self.check_keys[at]
        except KeyError:
            mountain = self.mountain(at)
            key = LANDING if at.strip().lower() == LANDING else mountain.id if mountain else None
            if len(self.check_keys) < WRITTEN_NAMES:
                self.check_keys[at] = key
            return key

    def cargo_number(self, weight: int) -> int:
        """Return what a cargo adds to a check (see :func:`cargo_class_number`)."""
        try:
            return self.class_number[weight]
        except KeyError:
            number = self.class_number[weight] = cargo_class_number(self.tables, weight)
            return number

    def suggest(self, ref: int | str, *, mountains: bool = False) -> str:
        """Return ``; did you mean ...?`` for a name nearly like a known one, else ''."""
        names = list(self.mountains) if mountains else list(self.by_ref)
        close = difflib.get_close_matches(str(ref).lower(), names, n=1, cutoff=0.7)
        return f"; did you mean {close[0]!r}?" if close else ""

    def fewest_legs(self, origin: str) -> dict[str, Route]:
        """Return the fewest-legs flight from ``origin`` to every airport it can reach."""
        if origin not in self.routes:
            self.routes[origin] = best_routes(self.net, origin, "legs")
        return self.routes[origin]

    def cargo_boxes(self) -> Counter[int]:
        """Return how many boxes of each weight the CARGO WEIGHT table has."""
        return self.boxes.copy()

    def rank_names(self) -> list[str]:
        """Return the ranks' names, lowest first."""
        return list(self.ranks)


Spot = Stop | Airport | Beacon
"""A place with an id and a position."""


def _stop(place: Airport | Beacon) -> Stop:
    if isinstance(place, Airport):
        return Stop(place.id, place.x, place.y, True, place.start, place.hazard or 0,
                    place.dice_id, place)
    return Stop(place.id, place.x, place.y, False, False, 0, None, place)


WRITTEN_NAMES = 4096
"""How many ways of writing a place a chart remembers (a bound against endless new names)."""


def cargo_class_number(tables: AirCargoRules, weight: int) -> int:
    """Return what a cargo adds to a check: its class's number (the heaviest class's for a
    weight beyond the table, so a wrongly planned cargo still replays)."""
    for cargo_class in tables.cargo_classes:
        low, high = cargo_class.weights
        if low <= weight <= high:
            return cargo_class.hazard
    heaviest = max(tables.cargo_classes, key=lambda c: c.weights[1])
    return heaviest.hazard if weight > heaviest.weights[1] else 0


def chart_for(game: GameContent) -> Chart:
    """Return the game's chart, built once per load; raise RefereeError when it cannot be."""
    board, tables, net = game_map(game), game_rules(game), game.fact(sound_network)
    if board is None or tables is None or net is None or board.start() is None:
        raise RefereeError("the Air Cargo content has no sound map and rules tables; run "
                         "'pnp validate air-cargo'")
    return game.memo("air-cargo.referee-chart", lambda: Chart(board, tables, net))


def either(values: list[int]) -> str:
    """Return ``3``, ``3 or 6``, ``3, 6 or 9``."""
    words = [str(v) for v in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def plural(n: int, word: str, words: str | None = None) -> str:
    """Return ``1 box``, ``2 boxes``."""
    return f"{n} {word if n == 1 else words or word + 's'}"


def name_of(place: Airport | Beacon | Stop | None) -> str:
    """Return a place as a message names it: ``Los Angeles (46)``, ``LKV``."""
    if isinstance(place, Stop):
        place = place.place
    if place is None:
        return "?"
    if isinstance(place, Airport):
        return f"{place.name or place.id} ({place.dice_id})"
    return place.code


# --- the score ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tally:
    """The score as the rulebook counts it (Score), and the rank it reaches."""

    delivered: tuple[int, ...]
    undelivered_cargo: int
    unvisited_destinations: int
    points: int
    rank: str | None
    lost: bool
    """A failed check: the game is lost and no rank is won (End game)."""

    def parts(self) -> str:
        """Return the sum in words: ``delivered 47 - 2 cargo - 1 airport = 44``."""
        return (f"delivered {sum(self.delivered)} - {self.undelivered_cargo} cargo not "
                f"delivered - {plural(self.unvisited_destinations, 'planned airport')} not "
                f"visited = {self.points}")

    def as_scores(self) -> dict[str, Any]:
        """Return the tally as the report's scores."""
        return {"points": self.points, "delivered": sum(self.delivered),
                "delivered_cargo": list(self.delivered),
                "undelivered_cargo": self.undelivered_cargo,
                "unvisited_destinations": self.unvisited_destinations,
                "result": "lost" if self.lost else "counted",
                "rank": self.rank or "none"}


def tally(tables: AirCargoRules, delivered: list[int], undelivered_cargo: int,
          unvisited_destinations: int, *, lost: bool) -> Tally:
    """Count the score (Score) and the rank it reaches (Winning the game)."""
    points = score(tables, delivered, undelivered_cargo, unvisited_destinations)
    reached = None if lost else rank(tables, points)
    return Tally(tuple(delivered), undelivered_cargo, unvisited_destinations, points, reached,
                 lost)


def read_rank(chart: Chart, claim: str) -> tuple[bool, str | None]:
    """Return (understood, rank name or None) for a claimed rank: ``none``, ``win``,
    ``silver``, ``gold`` or a rank's name as printed."""
    try:
        return chart.rank_claims[claim]
    except KeyError:
        pass
    text = " ".join(claim.lower().split())
    found = [name for name in chart.ranks if name.lower().startswith(text)]
    read = (True, None) if text in ("none", "no rank", "lost", "-") else (
        (True, found[0]) if len(found) == 1 else (False, None))
    if len(chart.rank_claims) < WRITTEN_NAMES:
        chart.rank_claims[claim] = read
    return read


def check_claims(rulings: Rulings, chart: Chart, result: Tally, score_claim: int | None,
                 rank_claim: str | None, where: Callable[[str], Location | None]) -> None:
    """Compare the claimed score and rank with the tally (Score; Winning the game);
    ``where("score")`` and ``where("rank")`` find the claims, for a ruling. A rank that is the
    rank of a score already found wrong follows that mistake and is not another."""
    understood, claimed = read_rank(chart, rank_claim) if rank_claim else (True, None)
    wrong_score = False
    if score_claim is not None:
        if result.lost and claimed is None:  # a rank claimed after a crash says it all
            rulings.rule("score.lost", "End game", f"a failed check ends the game, lost: no "
                         f"points count (the record claims {score_claim})", where("score"),
                         warn=True)
        elif not result.lost and score_claim != result.points:
            rulings.rule("score.points", "Score", f"the score is {result.parts()}; the record "
                         f"claims {score_claim}", where("score"))
            wrong_score = True
    if rank_claim is None:
        return
    if not understood:
        ranks = ", ".join(chart.ranks)
        rulings.rule("score.rank", "Winning the game", f"expected none, win, silver, gold or "
                     f"one of {ranks}; found {rank_claim!r}", where("rank"))
    elif wrong_score and score_claim is not None and claimed == rank(chart.tables, score_claim):
        return
    elif claimed != result.rank and result.lost:
        counted = f" (nor {score_claim} points)" if score_claim is not None else ""
        rulings.rule("score.rank", "End game", f"a failed check ends the game, lost: no rank "
                     f"is won{counted}; the record claims {claimed}", where("rank"))
    elif claimed != result.rank:
        rulings.rule("score.rank", "Winning the game", f"{result.points} points reach "
                     f"{result.rank or 'no rank'}; the record claims {claimed or 'none'}",
                     where("rank"))
