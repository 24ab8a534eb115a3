"""How ``pnp simulate rushing-tin`` plays the game: a shift of 1 to 4 ATCs (:mod:`.bots`), seat
1 the Lead Controller and the others round the table from them, each scored by the money they
end the shift with; the report counts what happened to the planes and the controllers.

A sloppy ATC (``sloppy-careful``) breaks the rules of :data:`.bots.MISTAKES` now and then; the
rulings the engine makes are returned with the game and are what the referee finds in its
record.
"""

from __future__ import annotations

from collections import Counter

from ....content.project import GameContent
from ....referee.simulation import Played, Simulation, Slips, bot_named
from .bots import MISTAKES, Controllers, dump
from .context import Context
from .staff import STYLES, Staff

NEAR_MISS_RULES = ("6.03", "7.03")
"""The rules a near miss's deal is made under (a horizontal and a vertical one)."""
LANDING_RULES = ("5.07", "11.01", "11.02")
"""The rules a flight that ends on the airport is settled under (landing, emergency)."""

simulation = Simulation(bots=tuple(STYLES), players=(1, 4), length="turns",
                        score_unit="money", mistakes=MISTAKES)
"""The controllers' styles as bots: ``careful`` and ``busy``."""


@simulation.prepares
def prepare(game: GameContent) -> Staff:
    """Return what every shift in this process shares: the engine, the moves' distances."""
    return Staff(game)


@simulation.plays
def play(staff: Staff, bots: tuple[str, ...], seed: int, keep: bool) -> Played:
    """Play one shift; seat 1 is the Lead Controller; the winner earns the most money."""
    styles = [STYLES[bot_named(bot)[0]] for bot in bots]
    slips = [Slips.of(bot, seed, seat) for seat, bot in enumerate(bots)]
    controllers = Controllers(staff, seed, styles, slips)
    record = controllers.play(controllers.ctx.tables.rules.shift.turns)
    controllers.end_shift()
    ctx = controllers.ctx
    seating = controllers.atcs
    cash = tuple(ctx.state.controllers[a].cash for a in seating)
    winner = record["end"].get("winner")
    text = None
    if keep:
        text = dump(record, f"# A shift of Rushing Tin, {controllers.record['sector']}, played "
                            f"by pnp simulate: {', '.join(bots)}, seed {seed}.\n")
    return Played(winner=None if winner is None else seating.index(winner),
                  length=len(record["turns"]), end=how_it_ended(ctx),
                  scores=cash, record=text,
                  rulings=tuple((f.code, str(f.extra.get("rule") or "")) for f in ctx.findings),
                  figures=figures(ctx, cash))


def how_it_ended(ctx: Context) -> str:
    """Return how the shift ended: with every ATC still employed, some fired, or all."""
    fired = sum(1 for c in ctx.state.controllers.values() if c.fired)
    if fired == 0:
        return "nobody fired"
    return "all fired" if fired == len(ctx.state.controllers) else "some fired"


def figures(ctx: Context, cash: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    """Return what a shift counts: the team's money, what became of the planes, the
    incidents and the deals."""
    kinds = Counter(str(i["kind"]) for i in ctx.incidents)
    hand_offs = [i for i in ctx.incidents if i["kind"] == "hand-off"]
    landed = sum(1 for i in hand_offs if i.get("rule") in LANDING_RULES)
    deals = [i for i in ctx.incidents if str(i["kind"]).endswith("deal")]
    return (
        ("team money", sum(cash)),
        ("planes handed off", len(hand_offs) - landed - sum(
            1 for i in hand_offs if i.get("quality") == "deal")),
        ("perfect hand-offs", sum(1 for i in hand_offs if i.get("quality") == "perfect")),
        ("planes landed", landed),
        ("wrong exits", sum(1 for i in hand_offs if i.get("quality") == "deal")),
        ("planes lost", kinds["crash"] + 2 * kinds["collision"]),
        ("collisions", kinds["collision"]),
        ("near misses", sum(1 for i in deals if i.get("rule") in NEAR_MISS_RULES)),
        ("deals", kinds["minor deal"] + kinds["major deal"]),
        ("ATCs fired", sum(1 for c in ctx.state.controllers.values() if c.fired)),
    )
