"""Magnificent Flying Machines content against its rulebook: CONTENTS, the pilots and
equipment as printed, the tables of sections 5, 7, 8 and 11, and the contradictions."""

from __future__ import annotations

import re

import pytest

from pnpcompiler.content.project import GameContent
from pnpcompiler.core.findings import Finding
from pnpcompiler.games.magnificent_flying_machines.lookup import (
    counters,
    equipment,
    pilots,
    tables_of,
    terrain_tiles,
    tricks,
    weather_tiles,
)
from pnpcompiler.games.magnificent_flying_machines.model import WeatherChangeDeck
from pnpcompiler.games.magnificent_flying_machines.tables import RulesTables
from tests.games.rulebooks import seed_text

SEED = "003_1a0061d623a631d0.txt"

#: CONTENTS sub-counts, as printed, by bill-of-materials entry.
SUB_COUNTS = {
    "spare-parts-take-off": 14, "spare-parts-flying": 17, "spare-parts-landing": 14,
    "special-cargo-mountain": 5, "special-cargo-water": 5, "special-cargo-town": 6,
    "special-cargo-fields": 6, "general-cargo-2": 11, "general-cargo-1": 11,
    "victory-points-1": 20, "victory-points-2": 20, "victory-points-3": 5,
    "victory-points-4": 5, "victory-points-5": 10,
    "race-stage-8": 1, "race-stage-7": 1, "race-stage-5": 1, "race-stage-4": 1,
    "race-stage-3": 2, "race-stage-2": 2, "race-stage-1": 2,
    **{f"ability-{s}-{v}": n for s in ("take-off", "flying", "landing")
       for v, n in ((1, 3), (2, 2), (3, 1))},
    **{f"fuel-{c}": 4 for c in ("red", "blue", "green", "yellow", "purple", "orange")},
}


def rules_tables(game: GameContent) -> RulesTables:
    tables = tables_of(game)
    assert tables is not None
    return tables


def test_validate_shows_one_warning_per_recorded_contradiction_and_nothing_else(
        loaded: tuple[GameContent, list[Finding]]) -> None:
    game, findings = loaded
    assert [f.code for f in findings] == ["rulebook.contradiction"] * 10
    assert all(f.recorded for f in findings)
    for finding, recorded in zip(findings, game.manifest.contradictions, strict=True):
        places = [s.section for s in recorded.statements]
        assert all(place in finding.message for place in places)


def test_section_2_every_contents_line_in_order(game: GameContent) -> None:
    text = seed_text(SEED)
    block = text[text.index("2. CONTENTS"):text.index("FLYING MACHINE DASHBOARDS")]
    printed = [line[2:] for line in block.splitlines() if line.startswith("- ")]
    lines = rules_tables(game).contents
    assert len(printed) == len(lines) == 21
    bom = game.bom()
    for words, line in zip(printed, lines, strict=True):
        first = int(re.match(r"\d+", words).group())  # type: ignore[union-attr]
        # "1 marker of each of the six types of flying machine" counts six markers.
        assert line.count == (6 if words.startswith("1 marker of each of the six") else first)
        counts = [bom[part].count for part in line.parts]
        assert None not in counts and sum(filter(None, counts)) == line.count


def test_section_2_sub_counts_as_printed(game: GameContent) -> None:
    bom = game.bom()
    assert {k: bom[k].count for k in SUB_COUNTS} == SUB_COUNTS
    assert game.counts()["terrain-tiles"] == 15
    by_terrain = [t.terrain for t in terrain_tiles(game)]
    assert {t: by_terrain.count(t) for t in set(by_terrain)} == {
        "airfield": 3, "fields": 3, "mountain": 3, "town": 3, "water": 3}
    assert sorted(t.airfield for t in terrain_tiles(game) if t.airfield) == [
        "final", "middle", "starting"]
    assert sum(t.copies for t in weather_tiles(game)) == 20
    assert sum(c.copies for c in tricks(game)) == 64
    assert sum(c.copies for c in counters(game) if c.token == "charge") == 36


def test_section_13_pilots_as_printed(game: GameContent) -> None:
    text = seed_text(SEED)
    block = text[text.index("13. PILOTS"):text.index("14. EQUIPMENT CARDS")]
    for pilot in pilots(game):
        assert pilot.name is not None
        assert pilot.name.upper() in block
        assert f"{pilot.name.upper()}\n{pilot.nationality}\n{pilot.title}\n{pilot.ability}" \
            in block
    bonuses = {p.id: (p.dice.take_off, p.dice.flying, p.dice.landing) for p in pilots(game)
               if p.dice.take_off or p.dice.flying or p.dice.landing}
    assert bonuses == {"amelia-skyfoot": (0, 2, 0), "sikosi-akimoto": (1, 1, 1),
                       "condesa-isabella-sanchez": (2, 0, 1),
                       "oberst-andre-schneider": (1, 0, 2), "elinah-mwangi": (0, 0, 1)}
    marco = next(p for p in pilots(game) if p.id == "marco-florentina")
    vladimir = next(p for p in pilots(game) if p.id == "vladimir-orkovski")
    assert (marco.hand_limit, marco.draws, vladimir.charges) == (4, 2, 4)


def test_section_14_equipment_as_printed_with_its_charges(game: GameContent) -> None:
    text = seed_text(SEED)
    block = re.sub(r"\s+", " ", text[text.index("14. EQUIPMENT CARDS"):
                                     text.index("15. SPECIAL ABILITIES")])
    charges = {}
    for card in equipment(game):
        assert card.name is not None
        assert f"{card.name.upper()} {card.text}" in block, card.id
        if card.charges:
            charges[card.id] = card.charges
    assert charges == {
        "aerodynamic-tail": 3, "drop-of-courage": 3, "high-quality-engine-oil": 3,
        "improved-landing-gear": 3, "box-of-tricks": 3, "lucky-locket": 3, "mounted-rifle": 3,
        "flying-jacket": 3, "universal-spare-parts": 3, "flying-manual": 4,
        "catapult-launcher": 1, "damage-repair-kit": 1}


def test_8_1_named_trick_and_boost_cards_and_their_frames(game: GameContent) -> None:
    frames = {c.title: c.frame for c in tricks(game)}
    assert frames["Swap the Maps"] == frames["Grumpy Passenger"] == "dirty-trick"
    for boost in ("Immunity", "An Honourable Pilot", "This Means War", "Official Scrutiny"):
        assert frames[boost] == "boost"
    assert sum(c.copies for c in tricks(game) if c.title == "Immunity") > 1


@pytest.mark.parametrize("players, machines, middle, final", [
    (2, 4, [7, 4, 3], [8, 5, 3]), (3, 3, [7, 4], [8, 5]), (4, 4, [7, 4, 3], [8, 5, 3]),
    (5, 5, [7, 4, 3, 2], [8, 5, 3, 2]), (6, 6, [7, 4, 3, 2, 1], [8, 5, 3, 2, 1])])
def test_section_7_race_stage_stacks_row(game: GameContent, players: int, machines: int,
                                         middle: list[int], final: list[int]) -> None:
    row = next(r for r in rules_tables(game).race_stages if r.players == players)
    assert (row.machines, row.middle, row.final) == (machines, middle, final)
    assert len(middle) == len(final) == machines - 1


@pytest.mark.parametrize("tiles, cubes", [(0, 0), (1, 0), (2, 2), (3, 3), (4, 4)])
def test_8_4_1_fuel_table_row(game: GameContent, tiles: int, cubes: int) -> None:
    assert rules_tables(game).fuel[tiles] == cubes


@pytest.mark.parametrize("action, test, damage, discard, points, starts", [
    ("take-off", "take-off", {"catastrophic": 1}, 0, 0, "TAKE OFF. MOVE FLYING MACHINE TO LOWEST"),
    ("repair-and-scavenge", None, {}, 0, 0, "TRANSFER ALL DAMAGE MARKERS"),
    ("fly-on", "flying", {"catastrophic": 1}, 1, 0, "MOVE ON TO NEXT TILE. DISCARD 1 DICE."),
    ("trick-manoeuvre", "flying", {"catastrophic": 1}, 2, 2, "SUCCESSFUL MANOEUVRE."),
    ("gain-altitude", None, {}, 0, 0, "MOVE FLYING MACHINE TO HIGHEST ALTITUDE BAND"),
    ("landing", "landing", {"failed": 1, "catastrophic": 2}, 0, 0, "LAND SAFELY.")])
def test_8_3_action_table_row(game: GameContent, action: str, test: str | None,
                              damage: dict[str, int], discard: int, points: int,
                              starts: str) -> None:
    rows = {a.id: a for a in rules_tables(game).actions}
    row = rows[action]
    assert (row.test, row.damage, row.discard_dice, row.victory_points) == (
        test, damage, discard, points)
    assert row.passed.startswith(starts)


def test_8_3_action_table_order_and_fuel(game: GameContent) -> None:
    rows = {a.id: a for a in rules_tables(game).actions}
    assert list(rows) == ["take-off", "repair-and-scavenge", "fly-on", "trick-manoeuvre",
                          "gain-altitude", "landing"]
    assert rows["landing"].fuel == rows["repair-and-scavenge"].fuel == 1


def test_section_11_final_airfield_actions(game: GameContent) -> None:
    rows = {a.id: (a.test, a.difficulty, a.victory_points, a.removes_damage)
            for a in rules_tables(game).final_airfield}
    assert rows == {"make-good": ("take-off", 3, 0, 3), "flying-lesson": ("flying", 3, 3, 0),
                    "speech": ("landing", 3, 3, 0), "autographs": (None, None, 1, 0)}


@pytest.mark.parametrize("change, terrain, text", [
    ("terrain", "fields", "Change in the Weather"), ("terrain", "town", "Change in the Weather"),
    ("terrain", "water", "Change in the Weather"),
    ("terrain", "mountain", "Change in the Weather"),
    ("terrain", "airfield", "Change in the Weather"),
    ("easterly", None, "Easterly Wind – Move all weather one to the left"),
    ("westerly", None, "Westerly Wind – Move all weather one to the right"),
    ("no-change", None, "No Change")])
def test_8_5_weather_change_card(game: GameContent, change: str, terrain: str | None,
                                 text: str) -> None:
    cards = [c for deck in game.of_type(WeatherChangeDeck) for c in deck.cards]
    assert len(cards) == 8
    assert sum(1 for c in cards if (c.change, c.terrain, c.text) == (change, terrain, text)) == 1


@pytest.mark.parametrize("players, left", [(3, 1), (4, 1), (5, 2), (6, 2)])
def test_section_9_game_end_row(game: GameContent, players: int, left: int) -> None:
    """"In a three or four player game, when the penultimate flying machine has landed ...
    In a five or six player game, when there are only two flying machines remaining"."""
    assert rules_tables(game).machines[players] == left


def test_6_1_and_12_1_course_modes(game: GameContent) -> None:
    modes = {c.mode: (c.before_middle, c.after_middle, c.one_of_each)
             for c in rules_tables(game).courses}
    assert modes == {"quick-start": (4, 4, True), "standard": (4, 4, True),
                     "long": (5, 5, True), "random": (5, 5, False)}


def test_5_3_seat_victory_points(game: GameContent) -> None:
    assert rules_tables(game).seat_victory_points == [0, 1, 2, 3, 4, 5]


def test_section_5_quick_start_table_rows(game: GameContent) -> None:
    rows = {r.tile: r for r in rules_tables(game).quick_start}
    assert [rows[n].terrain for n in range(1, 12)] == [
        "airfield", "fields", "town", "water", "mountain", "airfield", "fields", "town",
        "water", "mountain", "airfield"]
    assert [rows[n].victory_points for n in range(1, 12)] == [
        None, 1, 2, 3, 4, None, 1, 2, 3, 4, None]
    assert [rows[n].three_four.passengers for n in range(1, 12)] == [
        0, 1, 1, 0, 0, 2, 1, 1, 0, 0, 0]
    assert [rows[n].five_six.passengers for n in range(1, 12)] == [
        0, 1, 2, 1, 1, 3, 1, 2, 1, 1, 0]
    assert rows[3].five_six.special == {"mountain": 1, "water": 1, "fields": 2}
    assert rows[6].five_six.general == {2: 4, 1: 2}
    assert rows[7].five_six.says == "2 x 2PTS & 1 x 2 PT GENERAL CARGO"
    assert sum(r.three_four.general.get(2, 0) for r in rows.values()) == 9


def test_every_value_not_in_the_text_is_marked_designer(game: GameContent) -> None:
    tables = rules_tables(game)
    assert tables.dice.source == "designer" and tables.dice.why
    assert all(t.source == "designer" for t in terrain_tiles(game) if t.number > 11)
    assert all(t.source == "designer" for t in weather_tiles(game))
    assert all(c.source == "designer" for c in tricks(game)
               if c.title not in ("Swap the Maps", "Grumpy Passenger", "Immunity",
                                  "An Honourable Pilot", "This Means War", "Official Scrutiny"))
    assert [r.id for r in tables.readings] == [
        "archibald-cad", "middle-airfield-exchange", "scavenger-space", "mechanic-repair",
        "catapult-crossing", "national-flag", "team-ties", "speech-once"]
    assert all(r.source == "designer" for r in tables.readings)
