"""The rules tables of Magnificent Flying Machines as data: CONTENTS, set-up, the quick-start
course, race stage stacks, fuel, the action table, final airfield actions, course modes and
variants, which the rule checks and the referee read."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...content.components import Component
from ...core.model import Id, Model, Source
from .model import Symbols, Terrain, Test

Face = Literal["take-off", "flying", "landing", "explosion"]
Mode = Literal["quick-start", "standard", "long", "random"]


class ContentsLine(Model):
    """One line of CONTENTS (section 2): its count and the bill-of-materials entries in it."""

    says: str
    count: int = Field(ge=1, le=1000)
    parts: list[Id] = Field(min_length=1)


class Dice(Model):
    """The six-sided dice (3.3): how many, and the symbols on each face."""

    count: int = Field(ge=1, le=20)
    faces: list[list[Face]] = Field(min_length=6, max_length=6)
    source: Source = "rulebook"
    why: str | None = None


class Loading(Model):
    """Loading up (6.11): what each flying machine is given."""

    passengers: int = Field(ge=0, le=3)
    spare_parts: Symbols
    special_cargo: int = Field(ge=0, le=3)
    """Tokens dealt from those set aside (6.3) to each flying machine."""


class Setup(Model):
    """The numbers of set-up (sections 4-6)."""

    hand: int = Field(ge=1, le=9)
    """Trick and boost cards dealt to each player (4.2)."""
    pilot_display: int = Field(ge=1, le=18)
    equipment_display: int = Field(ge=1, le=24)
    fuel_cubes: int = Field(ge=1, le=9)
    """Fuel cubes of a colour on each dashboard's gauge (5.3, 6.8)."""
    first_player_dice: int = Field(ge=1, le=10)
    set_aside: dict[Terrain, int]
    """Special cargo set aside for loading (6.3)."""
    loading: Loading


class Placement(Model):
    """What a quick-start tile holds for a number of players (the table of section 5)."""

    says: str
    special: dict[Terrain, int] = Field(default_factory=dict)
    general: dict[int, int] = Field(default_factory=dict)
    """General cargo tokens by points: ``{2: 2, 1: 1}``."""
    passengers: int = Field(ge=0, le=9)


class QuickStartTile(Model):
    """A row of the quick-start tile table (section 5)."""

    tile: int = Field(ge=1, le=15)
    terrain: Terrain
    victory_points: int | None = Field(None, ge=1, le=5)
    three_four: Placement
    five_six: Placement


class RaceStages(Model):
    """The race stage placing markers on the middle and final airfields (section 7)."""

    players: int = Field(ge=2, le=6)
    machines: int = Field(ge=2, le=6)
    middle: list[int]
    final: list[int]


class Action(Model):
    """A row of the action table (8.3)."""

    id: Id
    action: str
    test: Literal["take-off", "flying", "landing"] | None = None
    passed: str
    failed: str | None = None
    catastrophic: str | None = None
    damage: dict[Literal["passed", "failed", "catastrophic"], int] = Field(default_factory=dict)
    discard_dice: int = Field(0, ge=0, le=3)
    """Dice set aside after a pass, before the phase goes on (see the contradictions)."""
    victory_points: int = Field(0, ge=0, le=5)
    fuel: int = Field(0, ge=0, le=2)
    """Fuel cubes taken (a safe landing, a repair and scavenge action)."""


class FinalAction(Model):
    """A final airfield special action (section 11)."""

    id: Id
    action: str
    test: Test | None = None
    difficulty: int | None = Field(None, ge=0, le=9)
    """Symbols needed, plus any weather modifier."""
    victory_points: int = Field(0, ge=0, le=9)
    removes_damage: int = Field(0, ge=0, le=9)
    once: Literal["machine", "pilot"] | None = None


class Course(Model):
    """A way of building the racecourse (6.1, 12.1)."""

    mode: Mode
    before_middle: int = Field(ge=1, le=6)
    after_middle: int = Field(ge=1, le=6)
    one_of_each: bool
    """Each half holds one tile of each terrain (6.1)."""


class TwoPlayer(Model):
    """The two-player variant (12.2)."""

    machines_per_player: int = Field(ge=2, le=3)
    course_as_players: int = Field(ge=3, le=6)
    excluded_pilots: list[Id]


class Team(Model):
    """Team play (12.3): team sizes allowed for each number of players."""

    teams: dict[int, list[int]]


class LessDirty(Model):
    """The less dirty game (12.4): what goes back in the box."""

    equipment: list[Id]
    pilots: list[Id]
    tricks: list[str]
    """Trick and boost cards by title."""
    all_dirty_tricks: bool = True


class Variants(Model):
    """Section 12's variants."""

    two_player: TwoPlayer
    team: Team
    less_dirty: LessDirty


class TwoSeater(Model):
    """The Two-Seater's pilots (section 14)."""

    equipment: Id
    excluded_pilots: list[Id]


class Reading(Model):
    """A reading chosen where the rulebook is ambiguous."""

    id: Id
    about: str
    says: str
    reading: str
    source: Source = "designer"


class Shortfall(Model):
    """A shortage of a component that a recorded contradiction in game.yaml explains."""

    supply: Id
    contradiction: Id


class RulesTables(Component):
    """Magnificent Flying Machines' rules tables."""

    kind: Literal["flying-machines-rules"] = "flying-machines-rules"
    contents: list[ContentsLine] = Field(min_length=1)
    dice: Dice
    max_dice: int = Field(ge=1, le=20)
    setup: Setup
    seat_victory_points: list[int] = Field(min_length=6, max_length=6)
    """Quick start (5.3): victory points given to each seat, first player first."""
    quick_start: list[QuickStartTile] = Field(min_length=3)
    race_stages: list[RaceStages]
    fuel: list[int] = Field(min_length=2, max_length=8)
    """8.4.1: fuel cubes removed for 0, 1, 2, ... terrain tiles crossed in a turn."""
    actions: list[Action]
    final_airfield: list[FinalAction]
    courses: list[Course]
    variants: Variants
    two_seater: TwoSeater
    machines: dict[int, int]
    """Game end (9.1): how many flying machines remain on the course when the end
    starts, by number of machines: the remaining ones take one more turn."""
    readings: list[Reading] = Field(default_factory=list)
    shortfalls: list[Shortfall] = Field(default_factory=list)
