"""What the Air Cargo referees work with: the map and tables looked up once, the rulings
found so far, and the score as the rulebook counts it."""

from __future__ import annotations

import difflib
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ....findings import Location
from ....project import GameContent
from ....referee import RefereeError, Rulings
from ..checks import game_map, game_rules
from ..legs import Network, Route, best_routes
from ..map_checks import map_is_sound, map_network
from ..model import AirCargoMap, AirCargoRules, Airport, Beacon, Mountain
from ..play import rank, score

LANDING = "landing"
"""What a check's ``at`` says for the landing hazard check."""


@dataclass
class Chart:
    """The map, its legal legs and the rules tables, with look-ups by the names players use."""

    board: AirCargoMap
    tables: AirCargoRules
    net: Network
    by_ref: dict[str, Airport | Beacon] = field(default_factory=dict)
    mountains: dict[str, Mountain] = field(default_factory=dict)
    routes: dict[str, dict[str, Route]] = field(default_factory=dict)
    """The fewest-legs flights from each airport asked about so far."""
    centres: dict[str, tuple[float, float]] = field(default_factory=dict)
    """Each mountain range's centre by id."""

    def __post_init__(self) -> None:
        for place in self.board.places():
            for key in self._keys(place):
                self.by_ref.setdefault(key, place)
        for m in self.board.mountains:
            self.mountains.setdefault(m.id.lower(), m)
            if m.name:
                self.mountains.setdefault(m.name.lower(), m)
            self.centres[m.id] = (m.x, m.y)

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
        return self.by_ref.get(str(ref).strip().lower())

    def airport(self, ref: int | str) -> Airport | None:
        """Return the airport a record names, None when it names none."""
        place = self.place(ref)
        return place if isinstance(place, Airport) else None

    def mountain(self, ref: str) -> Mountain | None:
        """Return the mountain range a record names (its id or name)."""
        return self.mountains.get(ref.strip().lower())

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

    @property
    def start(self) -> Airport:
        """Return the airport the first flight starts from (Pendleton)."""
        found = self.board.start()
        assert found is not None
        return found

    @property
    def weather_boxes(self) -> int:
        """Return how many boxes the weather table has (a leg each)."""
        return len(self.tables.weather.rows) * self.tables.weather.boxes_per_row

    def cargo_boxes(self) -> Counter[int]:
        """Return how many boxes of each weight the CARGO WEIGHT table has."""
        return Counter(box.weight for box in self.tables.cargo)

    def rank_names(self) -> list[str]:
        """Return the ranks' names, lowest first."""
        return [r.name for r in sorted(self.tables.scoring.ranks, key=lambda r: r.points)]


def chart_for(game: GameContent) -> Chart:
    """Return the game's chart, built once per load; raise RefereeError when it cannot be."""
    board, tables, net = game_map(game), game_rules(game), map_network(game)
    if board is None or tables is None or net is None or board.start() is None or (
            not map_is_sound(game)):
        raise RefereeError("the Air Cargo content has no sound map and rules tables; run "
                         "'pnp validate air-cargo'")
    return game.memo("air-cargo.referee-chart", lambda: Chart(board, tables, net))


def plural(n: int, word: str, words: str | None = None) -> str:
    """Return ``1 box``, ``2 boxes``."""
    return f"{n} {word if n == 1 else words or word + 's'}"


def name_of(place: Airport | Beacon | None) -> str:
    """Return a place as a message names it: ``Los Angeles (46)``, ``LKV``."""
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
    text = " ".join(claim.lower().split())
    if text in ("none", "no rank", "lost", "-"):
        return True, None
    found = [name for name in chart.rank_names() if name.lower().startswith(text)]
    return (True, found[0]) if len(found) == 1 else (False, None)


def check_claims(rulings: Rulings, chart: Chart, result: Tally, score_claim: int | None,
                 rank_claim: str | None, where_score: Location | None,
                 where_rank: Location | None) -> None:
    """Compare the claimed score and rank with the tally (Score; Winning the game)."""
    if score_claim is not None:
        if result.lost:
            rulings.rule("score.lost", "End game", f"a failed check ends the game, lost: no "
                         f"points count (the record claims {score_claim})", where_score,
                         warn=True)
        elif score_claim != result.points:
            rulings.rule("score.points", "Score", f"the score is {result.parts()}; the record "
                         f"claims {score_claim}", where_score)
    if rank_claim is None:
        return
    understood, claimed = read_rank(chart, rank_claim)
    ranks = ", ".join(chart.rank_names())
    if not understood:
        rulings.rule("score.rank", "Winning the game", f"expected none, win, silver, gold or "
                     f"one of {ranks}; found {rank_claim!r}", where_rank)
    elif claimed != result.rank:
        why = ("the game is lost (a failed check)" if result.lost
               else f"{result.points} points reach {result.rank or 'no rank'}")
        rulings.rule("score.rank", "Winning the game", f"{why}; the record claims "
                     f"{claimed or 'none'}", where_rank)
