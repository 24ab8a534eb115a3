"""The race log a Magnificent Flying Machines referee reads (``record: race``).

A YAML record: the race's set-up (players, course, each machine's dashboard, pilot and
equipment, the weather dealt), then every turn in order, each action phase with its test:
the dice rolled (face numbers, which the dice faces in rules.yaml turn into symbols) and
what was added to pass it. docs/magnificent-flying-machines-referee.md explains every key.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

from pydantic import ConfigDict, Field

from ....core.model import Id, Model

Face = Annotated[int, Field(ge=1, le=6, description="A die's face, 1-6 (rules.yaml dice).")]
ActionName = Literal["take-off", "repair-and-scavenge", "fly-on", "trick-manoeuvre",
                     "gain-altitude", "landing", "make-good", "flying-lesson", "speech",
                     "autographs"]
Outcome = Literal["pass", "fail", "catastrophic"]
Written = TypeVar("Written", bound=Model)
FILL = object.__setattr__
"""How a copy's stores are filled: a frozen model's own __setattr__ refuses."""


def revised(written: Written, changes: dict[str, Any]) -> Written:
    """Return a copy of a record's model with some fields changed, unvalidated (what
    ``model_copy(update=changes)`` returns)."""
    # model_copy takes the long way (copy.copy of each of the model's stores, hasattr): the
    # bots write a phase several times over for each test they roll.
    twin = object.__new__(type(written))
    FILL(twin, "__dict__", {**written.__dict__, **changes})
    FILL(twin, "__pydantic_fields_set__", {*written.__pydantic_fields_set__, *changes})
    FILL(twin, "__pydantic_extra__", None)
    private = written.__pydantic_private__
    FILL(twin, "__pydantic_private__", None if private is None else dict(private))
    return twin


class Machine(Model):
    """A flying machine in the race, in turn order: its player, dashboard, pilot, cards."""

    player: str
    dashboard: Id
    pilot: Id
    equipment: list[Id] = Field(default_factory=list)
    colour: str | None = None
    load: list[Id] = Field(default_factory=list)
    """Passengers and cargo on board at the start (6.11): ``passenger`` or a cargo token's
    id (``special-cargo-water``)."""
    second_pilot: Id | None = None
    """The Two-Seater's additional pilot (section 14); ``pilot`` flies first."""


class Reroll(Model):
    """Dice rolled again in a test: which card or pilot allowed it, the faces given up and
    the faces rolled in their place (Lucky Locket, Flying Jacket, Adriana Belhinda)."""

    by: Id
    dice: list[Face] = Field(min_length=1, max_length=10)
    rolled: list[Face] = Field(min_length=1, max_length=10)


class Swap(Model):
    """Equipment exchanged on the middle airfield (10.1): the cards given up, the face-up
    cards taken in their place, and the Two-Seater's second pilot when one is taken."""

    drop: list[Id] = Field(min_length=1, max_length=3)
    take: list[Id] = Field(min_length=1, max_length=3)
    pilot: Id | None = None


class Play(Model):
    """A trick and boost card played (8.1): for its text, or its bottom symbol as a spare part
    on its player's own test."""

    player: str
    """Who plays it (from their hand)."""
    card: Id
    """The card, by its id in the deck (``sabotage-cad``)."""
    use: Literal["text", "spare-part"] = "text"
    target: Id | None = None
    """The machine (dashboard) a dirty trick acts on."""
    answer: Id | None = None
    """The card the target's player plays back: Immunity (no effect) or This Means War (the
    dirty trick acts on the machine of the player who played it)."""
    part: Literal["take-off", "flying", "landing"] | None = None
    """Stolen Spares: the kind of spare part the target discards."""
    dice: list[Face] = Field(default_factory=list, max_length=20)
    """A re-roll (Second Wind): the test's dice after it, one face per die."""
    discards: dict[str, Id] = Field(default_factory=dict)
    """Official Scrutiny: the dirty trick card each other player discards."""


class Attack(Model):
    """Equipment that acts on a rival (section 14): the Mounted Rifle or the Shotgun."""

    equipment: Literal["mounted-rifle", "shotgun"]
    target: Id
    """The machine (dashboard) fired on."""
    dice: list[Face] = Field(default_factory=list, max_length=2)
    """The Shotgun's two dice: a hit with at least one explosion."""


class Phase(Model):
    """One action (8.3), with its test when it takes one (8.2)."""

    # Frozen: the engine offers the same phases race after race (RaceEngine.open_phases).
    model_config = ConfigDict(frozen=True)

    action: ActionName
    continues: bool = False
    """A fly on or trick manoeuvre that goes on in the same phase after a pass (8.3)."""
    forced: bool = False
    """A landing forced by a catastrophic failure or a second damage marker on the gauge:
    it needs no phase (8.3, 8.4.2)."""
    dice: list[Face] = Field(default_factory=list, max_length=20)
    """The faces rolled, one per die (none for an action without a test)."""
    cad: str | None = None
    """The player whose cad symbol cut this test by one die (8.2)."""
    charges: list[Id] = Field(default_factory=list)
    """Equipment whose charge added a die to this test (section 14)."""
    descend: int = Field(0, ge=0, le=2)
    """Altitude bands given up for as many flying symbols (8.3)."""
    spare_parts: int = Field(0, ge=0, le=10)
    """Spare parts of the test's type spent, one symbol each (8.2)."""
    fuel: bool = False
    """Two fuel cubes discarded to pass a failed take-off or flying test (8.2)."""
    luck: bool = False
    """A luck token spent to pass a failed test (8.3)."""
    take: dict[Literal["take-off", "flying", "landing", "fuel"], int] = Field(
        default_factory=dict)
    """Repair and scavenge: the spare parts and fuel cubes taken, up to the tile's resource
    number (8.3)."""
    outcome: Outcome | None = None
    """What the test came to; needed for every action that takes a test."""
    collect: list[Id] = Field(default_factory=list)
    """Passengers and cargo taken from the tile while on the ground (10.2.2, 10.3.1): after
    a landing, else before the action."""
    deliver: list[Id] = Field(default_factory=list)
    """Passengers and cargo moved to the scoring area while on the ground (10.2.3, 10.3.2):
    after a landing, else before the action."""
    cad_from: Id | None = None
    """Where the cad came from: the trick and boost card its player discarded for the symbol,
    ``box-of-tricks`` (a charge on the cad player's machine) or ``sir-archibald-smythe`` (his
    cad, once a round)."""
    rerolls: list[Reroll] = Field(default_factory=list)
    """Dice rolled again, in order; ``dice`` is the first roll (section 13-14)."""
    restock: Literal["take-off", "flying", "landing"] | None = None
    """Sheila Dawson's space restocked at the start of a take-off phase (section 13)."""
    repair: bool = False
    """Elinah Mwangi repairs one damage marker on taking off (section 13)."""
    pilot: Id | None = None
    """A Two-Seater's pilot flying from this phase on, changed on the ground (section 14)."""
    swap: Swap | None = None
    """Equipment exchanged on the middle airfield: after a landing there, else before the
    action (10.1)."""
    cad_answer: Id | None = None
    """An Honourable Pilot played against the cad: it has no effect."""
    cards: list[Play] = Field(default_factory=list)
    """Trick and boost cards played in this phase, before its action (those on its test as
    the test is taken, Crowd Pleaser after it)."""
    attacks: list[Attack] = Field(default_factory=list)
    """Mounted Rifle and Shotgun fired in this phase, before its action."""


class WeatherTurn(Model):
    """The weather change card turned over at the end of a round (8.5)."""

    card: Id
    """The card: ``change-fields`` ... ``change-airfield``, ``easterly-wind``,
    ``westerly-wind`` or ``no-change``."""
    dealt: dict[int, Id] = Field(default_factory=dict)
    """The new weather tiles dealt, by terrain tile number."""


class Turn(Model):
    """One turn (8.1): whose machine, its phases, and how it ended."""

    machine: Id
    """The dashboard of the machine whose turn it is."""
    phases: list[Phase] = Field(default_factory=list)
    fuel: int | None = Field(None, ge=0, le=4)
    """Fuel cubes on the gauge at the end of the turn (8.4.1); checked when given."""
    luck: bool | None = None
    """Whether the turn earned a luck token for no progress (8.3); checked when given."""
    weather_change: WeatherTurn | None = None
    """On the last turn of a round: the weather change card the first player turns over
    (8.5). A record that writes none keeps the weather as dealt."""
    cards: list[Play] = Field(default_factory=list)
    """Trick and boost cards played after the turn's phases."""
    attacks: list[Attack] = Field(default_factory=list)
    """Mounted Rifle and Shotgun fired after the turn's phases."""
    draw: list[Id] = Field(default_factory=list)
    """The trick and boost cards the player draws at the end of the turn (8.1)."""
    discard: list[Id] = Field(default_factory=list)
    """The cards discarded down to the hand limit after the draw (8.1)."""


class End(Model):
    """The scores each player counted, and the winner."""

    scores: dict[str, int] = Field(default_factory=dict)
    winner: str | None = None
    """The winning player, or the winning team in team play (12.3)."""
    teams: dict[str, int] = Field(default_factory=dict)
    """Team play (12.3): each team's combined score."""


class Pick(Model):
    """One pick of the set-up draft (6.7-6.9, 12.2)."""

    player: str
    card: Id
    """The pilot, dashboard or equipment card taken."""
    dealt: Id | None = None
    """The card dealt from the deck to fill its place in the face-up row."""


class DraftRound(Model):
    """The face-up row one part of the draft starts from, and its picks in order."""

    display: list[Id] = Field(default_factory=list)
    picks: list[Pick] = Field(default_factory=list)


class Draft(Model):
    """The set-up draft (6.7-6.9): pilots and equipment from six face-up cards, machines from
    the dashboards, each part picked anticlockwise from the first player's right."""

    pilots: DraftRound | None = None
    machines: DraftRound | None = None
    equipment: DraftRound | None = None


class RaceLog(Model):
    """A turn-by-turn record of a race of Magnificent Flying Machines."""

    game: Literal["magnificent-flying-machines"]
    record: Literal["race"]
    mode: Literal["quick-start", "standard", "long", "random"] = "quick-start"
    players: list[str] = Field(min_length=2, max_length=6)
    """Seats, the first player first, going clockwise."""
    course: list[int] = Field(min_length=3, max_length=15)
    """Terrain tile numbers from the starting airfield to the final airfield."""
    weather: dict[int, Id] = Field(default_factory=dict)
    """The weather tile on each terrain tile, by tile number, as turned face up."""
    cargo: dict[int, list[Id]] = Field(default_factory=dict)
    """The cargo tokens placed on each terrain tile, by tile number (6.3); the quick start
    places the table's (section 5) when this is left out."""
    machines: list[Machine] = Field(min_length=2, max_length=6)
    """In turn order."""
    first_player: list[dict[str, list[Face]]] = Field(default_factory=list)
    """The first-player roll (6.6): each round's five dice per player, re-rolls after ties."""
    draft: Draft | None = None
    """The standard set-up's draft (6.7-6.9, 12.2)."""
    teams: dict[str, list[str]] = Field(default_factory=dict)
    """Team play (12.3): each team's players."""
    hands: dict[str, list[Id]] | None = None
    """Each player's trick and boost cards at the start (4.2; Marco Florentina's four). A
    record that writes them has every card drawn and played checked against the hands."""
    variants: list[Literal["less-dirty"]] = Field(default_factory=list)
    """The variants played beyond what the players and ``teams`` show: ``less-dirty`` (12.4,
    its cards back in the box)."""
    turns: list[Turn] = Field(default_factory=list)
    end: End | None = None
