"""The state of a race as the referee replays it: where each flying machine is, its damage,
fuel, spare parts, charges and points, and what the current turn has done."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from ....content.project import GameContent
from ....referee import RefereeError, Rulings
from ....referee.engine import due_after
from ..flight import Pool
from ..lookup import (
    counters,
    dashboards,
    equipment,
    pilots,
    tables_of,
    terrain_tiles,
    tricks,
    weather_changes,
    weather_tiles,
)
from ..model import (
    TESTS,
    Dashboard,
    Equipment,
    Pilot,
    TerrainTile,
    Test,
    TrickCard,
    WeatherChange,
    WeatherTile,
)
from ..model import Counter as Piece
from ..tables import RulesTables
from .log import Machine, RaceLog

GAUGE = 4
"""The fuel gauge's four spaces (5.3)."""
GAUGE_DAMAGE = 2
"""8.4.2: two damage markers on the gauge at most; more go to the scoring area."""


@dataclass
class Tables:
    """What a replay reads from the content, looked up once."""

    rules: RulesTables
    boards: dict[str, Dashboard]
    pilots: dict[str, Pilot]
    equipment: dict[str, Equipment]
    tiles: dict[int, TerrainTile]
    weather: dict[str, WeatherTile]
    tokens: dict[str, Piece] = field(default_factory=dict)
    """Passenger and cargo tokens by id: their terrain and points (10.2, 10.3)."""
    changes: dict[str, WeatherChange] = field(default_factory=dict)
    """The weather change cards by id (8.5)."""
    tricks: dict[str, TrickCard] = field(default_factory=dict)
    """The trick and boost cards by id (8.1)."""
    needs: dict[tuple[object, ...], int] = field(default_factory=dict)
    """The symbols a test needs by what they depend on (``rolls.need_and_pool``)."""
    pools: dict[tuple[object, ...], Pool] = field(default_factory=dict)
    """The dice a test rolls by what they depend on (``rolls.need_and_pool``)."""
    showing: dict[str, frozenset[int]] = field(default_factory=dict)
    """The faces of the dice that show each symbol, worked out once (:meth:`faces_showing`)."""

    @classmethod
    def of(cls, game: GameContent) -> Tables:
        """Return the tables of a loaded content (RefereeError when they are unsound)."""
        rules = tables_of(game)
        if rules is None:
            raise RefereeError("the game's rules tables did not validate")
        return cls(rules, {b.id: b for b in dashboards(game)}, {p.id: p for p in pilots(game)},
                   {e.id: e for e in equipment(game)},
                   {t.number: t for t in terrain_tiles(game)},
                   {w.id: w for w in weather_tiles(game)},
                   {c.id: c for c in counters(game)
                    if c.token in ("special-cargo", "general-cargo", "passenger")},
                   {c.id: c for c in weather_changes(game)},
                   {c.id: c for c in tricks(game)})

    def symbols(self, face: int) -> Sequence[str]:
        """Return the symbols on one face of the dice."""
        return self.rules.dice.faces[face - 1]

    def faces_showing(self, symbol: str) -> frozenset[int]:
        """Return the faces of the dice (1-6) that show a symbol."""
        faces = self.showing.get(symbol)
        if faces is None:
            faces = self.showing[symbol] = frozenset(
                face for face, symbols in enumerate(self.rules.dice.faces, 1)
                if symbol in symbols)
        return faces

    def shown(self, symbol: str, dice: Iterable[int]) -> int:
        """Return how many of these dice (faces 1-6) show a symbol."""
        return sum(map(self.faces_showing(symbol).__contains__, dice))


@dataclass(frozen=True, slots=True)
class Outfit:
    """A machine's pilot and equipment as its tests read them, worked out once for them
    (``rolls.outfit``): their ids, whether they ignore weather symbols, and what the machine
    adds to each kind of test's dice pool (``flight.machine_dice``, in :data:`TESTS`'s
    order)."""

    pilot: Pilot | None
    kit: tuple[Equipment, ...]
    ids: tuple[str | None, tuple[str, ...]]
    navigator: bool
    dice: tuple[tuple[int, int, int], ...]


@dataclass
class Flyer:
    """A flying machine in the race."""

    machine: Machine
    board: Dashboard
    pilot: Pilot | None
    kit: list[Equipment]
    at: int = 0
    """Index of its tile in the course."""
    altitude: int = 0
    """0 on the ground, 1 the lowest air band, up to the tile's bands."""
    gauge_damage: int = 0
    damage: int = 0
    """Damage markers in the scoring area."""
    fuel: int = GAUGE
    parts: dict[str, int] = field(default_factory=dict)
    charges: dict[str, int] = field(default_factory=dict)
    luck: int = 0
    points: Counter[str] = field(default_factory=Counter)
    done: set[str] = field(default_factory=set)
    """Final airfield actions already taken (section 11)."""
    finished: bool = False
    cargo: list[str] = field(default_factory=list)
    """Cargo tokens on board, by id (10.2)."""
    passengers: list[int] = field(default_factory=list)
    """Passengers on board: the course index each boarded at (10.3)."""
    crew: list[Pilot] = field(default_factory=list)
    """A Two-Seater's two pilots (section 14); ``pilot`` is the one flying."""
    space: str | None = None
    """The spare part in Sheila Dawson's space, by test (section 13)."""
    name: str = field(init=False, default="")
    """The dashboard id that names the machine in the record (read by every ruling)."""
    outfit: Outfit | None = field(default=None, compare=False, repr=False)
    """Its pilot and equipment as its tests last read them (``rolls.outfit``)."""

    def __post_init__(self) -> None:
        self.name = self.board.id

    def take_damage(self, markers: int) -> None:
        """Place damage markers on the gauge, then in the scoring area (8.4.2)."""
        for _ in range(markers):
            if self.gauge_damage < GAUGE_DAMAGE:
                self.gauge_damage += 1
                self.fuel = min(self.fuel, GAUGE - self.gauge_damage)
            else:
                self.damage += 1

    @property
    def total_damage(self) -> int:
        """Return every damage marker the machine holds (9.2)."""
        return self.gauge_damage + self.damage


@dataclass
class TurnState:
    """What the current turn has done so far."""

    flyer: Flyer
    tests: Counter[str] = field(default_factory=lambda: counted({}))
    phases: int = 0
    crossed: int = 0
    forced_landing: bool = False
    may_continue: bool = False
    progress: bool = False
    start_altitude: int = 0
    points_before: int = 0
    collected: int = 0
    """Passengers and cargo collected this turn (10.4)."""
    rerolled: set[int] = field(default_factory=set)
    """The phases Adriana Belhinda has re-rolled in (section 13)."""
    fired: set[str] = field(default_factory=set)
    """Equipment fired on a rival this turn (section 14: once per turn)."""
    outcome: str | None = None
    """What the last action's test came to by the rules, whatever the record wrote (None:
    it took no test)."""


@dataclass
class RaceRulings(Rulings):
    """The rulings of one race, each at its turn."""

    turn: int = 0

    def current_turn(self) -> int | None:
        return self.turn or None


@dataclass
class Race:
    """A race being replayed."""

    tables: Tables
    course: list[TerrainTile]
    weather: dict[int, WeatherTile]
    flyers: dict[str, Flyer]
    order: list[str]
    players: list[str]
    stacks: dict[str, list[int]]
    first_landed: set[int] = field(default_factory=set)
    rulings: RaceRulings = field(default_factory=lambda: RaceRulings(piece_word="machine"))
    turns: int = 0
    current: TurnState | None = None
    played: str | None = None
    """The machine whose turn was played last (the turn order goes on from it, 8.1)."""
    last_turns: set[str] | None = None
    """Once the end is triggered (9.1): the machines still owed their one more turn."""
    over: bool = False
    on_tile: dict[int, list[str]] = field(default_factory=dict)
    """Cargo tokens left on each course position (6.3)."""
    passengers_left: dict[int, int] = field(default_factory=dict)
    """Passengers left on each course position (6.2)."""
    weather_changes: bool = False
    """Whether the record writes the weather change cards (8.5)."""
    weather_drawn: set[str] = field(default_factory=set)
    """The weather change cards turned over since the deck was last shuffled."""
    unscored: dict[str, int] = field(default_factory=dict)
    """The points each player earned in action phases beyond a turn's two (8.1): a score
    written without them is not a second finding."""
    cads_used: dict[str, int] = field(default_factory=dict)
    """Sir Archibald's cad: the turn (counted from 0) each machine's was last played."""
    discarded: set[str] = field(default_factory=set)
    """Equipment cards given up on the middle airfield (10.1)."""
    hands: dict[str, list[str]] | None = None
    """Each player's trick and boost cards, by id, when the record deals them (8.1)."""

    def due(self) -> str:
        """Return the machine whose turn comes next: the one after the machine that played
        the last turn (8.1), so that a turn left out is one finding, not one a turn."""
        return due_after(self.order, self.played, self.turns)

    def after(self, machine: str) -> str:
        """Return the machine whose turn follows this machine's (8.1)."""
        return due_after(self.order, machine, self.turns)

    def weather_on(self, index: int) -> WeatherTile | None:
        """Return the weather on a course position (none on the starting airfield)."""
        return self.weather.get(self.course[index].number)


def new_race(tables: Tables, log: RaceLog) -> Race:
    """Return the race at the start, as the record sets it up (RefereeError when the set-up
    names what the content does not have)."""
    course = []
    for number in log.course:
        if number not in tables.tiles:
            raise RefereeError(f"course: no terrain tile {number}", key="course")
        course.append(tables.tiles[number])
    weather = {}
    for number, tile_id in log.weather.items():
        if tile_id not in tables.weather:
            raise RefereeError(f"weather: no weather tile {tile_id!r}", key="weather")
        weather[number] = tables.weather[tile_id]
    flyers = {}
    loading = tables.rules.setup.loading.spare_parts
    for machine in log.machines:
        board = tables.boards.get(machine.dashboard)
        if board is None:
            raise RefereeError(f"machines: no dashboard {machine.dashboard!r}", key="machines")
        kit = [tables.equipment[e] for e in machine.equipment if e in tables.equipment]
        flyer = Flyer(machine, board, tables.pilots.get(machine.pilot), kit)
        parts = board.preset.spare_parts if log.mode == "quick-start" else loading
        flyer.parts = {t: parts.of(t) for t in TESTS}
        flyer.charges = {c.id: c.charges for c in kit if c.charges}
        if flyer.pilot is not None and flyer.pilot.charges:
            flyer.charges[flyer.pilot.id] = flyer.pilot.charges
        flyers[board.id] = flyer
    players = len(log.players)
    stacks = next((r for r in tables.rules.race_stages if r.players == players), None)
    race = Race(tables, course, weather, flyers, [m.dashboard for m in log.machines],
                list(log.players), {"middle": list(stacks.middle) if stacks else [],
                                    "final": list(stacks.final) if stacks else []})
    race.weather_changes = any(turn.weather_change is not None for turn in log.turns)
    if log.mode == "quick-start":
        seated: set[str] = set()
        for machine in log.machines:
            if machine.player in log.players and machine.player not in seated:
                seated.add(machine.player)
                points = tables.rules.seat_victory_points[log.players.index(machine.player)]
                if points and machine.dashboard in flyers:
                    flyers[machine.dashboard].points["seat"] = points
    return race


def fork(race: Race) -> Race:
    """Return a copy of a race that actions can be tried on: every container an action can
    change is the copy's own; the content's cards and tiles, the record's machines and the
    rulings made so far are shared (nothing changes them once made)."""
    twin = fork_for_phase(race, rivals=True)
    twin.course, twin.weather = list(race.course), dict(race.weather)
    twin.order, twin.players = list(race.order), list(race.players)
    if race.last_turns is not None:
        twin.last_turns = set(race.last_turns)
    twin.weather_drawn = set(race.weather_drawn)
    return twin


def fork_for_phase(race: Race, rivals: bool) -> Race:
    """Return a copy of a race to try a phase of the current turn on: as :func:`fork`, but
    sharing what no phase changes (the course, the turn order, the players, the weather and
    its cards, the machines still owed a turn) and, unless ``rivals``, the machines but the
    one whose turn it is."""
    twin = shallow(race)
    if rivals:
        twin.flyers = {name: fork_flyer(flyer) for name, flyer in race.flyers.items()}
    elif race.current is not None:
        mine = race.current.flyer.name
        twin.flyers = {name: fork_flyer(flyer) if name == mine else flyer
                       for name, flyer in race.flyers.items()}
    twin.stacks = {stage: list(stack) for stage, stack in race.stacks.items()}
    twin.first_landed = set(race.first_landed)
    rulings = twin.rulings = shallow(race.rulings)
    rulings.findings, rulings.incidents = list(rulings.findings), list(rulings.incidents)
    rulings.reported = set(rulings.reported)
    if race.current is not None:
        now = twin.current = shallow(race.current)
        now.flyer = twin.flyers[now.flyer.name]
        now.tests = counted(now.tests)
        now.rerolled, now.fired = set(now.rerolled), set(now.fired)
    twin.on_tile = {at: list(tokens) for at, tokens in race.on_tile.items()}
    twin.passengers_left = dict(race.passengers_left)
    twin.cads_used, twin.unscored = dict(race.cads_used), dict(race.unscored)
    twin.discarded = set(race.discarded)
    if race.hands is not None:
        twin.hands = {player: list(hand) for player, hand in race.hands.items()}
    return twin


def fork_flyer(flyer: Flyer) -> Flyer:
    """Return a copy of a machine in the race with containers of its own."""
    twin = shallow(flyer)
    twin.kit, twin.crew = list(flyer.kit), list(flyer.crew)
    twin.parts, twin.charges = dict(flyer.parts), dict(flyer.charges)
    twin.points, twin.done = counted(flyer.points), set(flyer.done)
    twin.cargo, twin.passengers = list(flyer.cargo), list(flyer.passengers)
    return twin


Thing = TypeVar("Thing")


def shallow(thing: Thing) -> Thing:
    """Return a new object of the same class sharing every attribute (copy.copy's result)."""
    # copy.copy takes the long way (__reduce_ex__) for a dataclass: a race forks on every
    # move a bot tries.
    twin: Thing = object.__new__(type(thing))
    twin.__dict__.update(thing.__dict__)
    return twin


def counted(counts: dict[str, int]) -> Counter[str]:
    """Return a copy of a Counter, its keys in order (Counter(counts), without its checks)."""
    # Counter.__init__ takes the long way (update, isinstance): a fork counts a Counter for
    # each machine and the turn.
    twin: Counter[str] = Counter.__new__(Counter)
    dict.update(twin, counts)
    return twin


__all__ = ["Test"]
