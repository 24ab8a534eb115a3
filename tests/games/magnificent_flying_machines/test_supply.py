"""Supply against set-up for every number of players and course (sections 2, 5, 6, 7, 12),
and the checks of what a race can need from the box."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnpcompiler.content.project import GameContent, load_game
from pnpcompiler.games.magnificent_flying_machines.lookup import tables_of
from pnpcompiler.games.magnificent_flying_machines.supply import setup_needs
from tests.paths import CONTENT

GAME = "magnificent-flying-machines"


def needs(game: GameContent, players: int, mode: str) -> dict[str, int]:
    tables = tables_of(game)
    assert tables is not None
    course = next(c for c in tables.courses if c.mode == mode)
    return {n.what: n.count for n in setup_needs(game, tables, players, course)}


def edited(tmp_path: Path, file: str, *edits: str) -> list[str]:
    """Return the finding codes of the game with edits (old, new, old, new ...) to a file."""
    shutil.copytree(CONTENT / GAME, tmp_path / GAME)
    path = tmp_path / GAME / file
    text = path.read_text(encoding="utf-8")
    for old, new in zip(edits[::2], edits[1::2], strict=True):
        assert old in text
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    _, findings = load_game(tmp_path, GAME)
    return [f"{f.severity} {f.code}" for f in findings if f.code != "rulebook.contradiction"]


def test_section_5_quick_start_five_to_six_players(game: GameContent) -> None:
    six = needs(game, 6, "quick-start")
    assert six["general cargo: 2 pts"] == 11
    assert six["general cargo: 1 pts"] == 6
    assert six["special cargo: mountain"] == 2 and six["special cargo: water"] == 2
    assert six["passengers"] == 13
    assert six["first to land and seat points: 5 pts"] == 1


def test_section_5_quick_start_three_to_four_players(game: GameContent) -> None:
    four = needs(game, 4, "quick-start")
    assert (four["general cargo: 2 pts"], four["general cargo: 1 pts"]) == (9, 1)
    assert four["passengers"] == 6
    assert "first to land and seat points: 4 pts" in four


def test_section_7_six_players_use_all_ten_race_stage_markers(game: GameContent) -> None:
    six = needs(game, 6, "standard")
    assert sum(v for k, v in six.items() if k.startswith("race stage")) == 10


def test_12_2_two_players_fly_four_machines_and_set_up_as_four(game: GameContent) -> None:
    two, four = needs(game, 2, "standard"), needs(game, 4, "standard")
    assert two["machines"] == 4 and two["fuel: colours"] == 16
    assert two["passengers: on the course and loading"] \
        == four["passengers: on the course and loading"]
    assert two["hands"] == 6  # Marco Florentina may not be used (12.2)
    assert needs(game, 3, "standard")["hands"] == 10  # three of three, Marco's fourth


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("mode", ["quick-start", "standard", "long", "random"])
def test_6_11_loading_and_displays_fit_every_game(game: GameContent, players: int,
                                                  mode: str) -> None:
    got = needs(game, players, mode)
    machines = 4 if players == 2 else players
    assert got["pilots"] == 6 + machines
    assert got["machines"] == machines
    if mode != "quick-start":
        assert got["special cargo: mountain set aside"] == 3
        assert got["spare parts: take-off"] == 2 * machines + 1  # Sheila's extra space


def test_section_2_general_cargo_shortfall_is_an_error_without_its_contradiction(
        tmp_path: Path) -> None:
    printed = ('five_six: {says: "2 x 2PTS GENERAL CARGO", general: {2: 1, 1: 1}',
               'five_six: {says: "2 x 2PTS GENERAL CARGO", general: {2: 2}')
    unrecorded = ("  - {supply: general-cargo-2, contradiction: general-cargo-two-point}\n", "")
    # The chosen reading needs eleven: nothing to record.
    assert edited(tmp_path / "reading", "rules.yaml", *unrecorded) == []
    # Tile 10 as printed ("2 x 2PTS") needs twelve: covered by the recorded contradiction ...
    assert edited(tmp_path / "recorded", "rules.yaml", *printed) == []
    # ... and an error once nothing records it, once per game of five and of six players.
    codes = edited(tmp_path / "printed", "rules.yaml", *printed, *unrecorded)
    assert codes == ["error supply.short"] * 2


def test_6_10_ability_markers_short_without_the_recorded_contradiction(tmp_path: Path) -> None:
    codes = edited(tmp_path, "rules.yaml",
                   "  - {supply: ability-landing-1, contradiction: landing-plus-one-markers}\n",
                   "")
    assert codes == ["warning supply.ability-markers"]


def test_5_2_charge_markers_short_without_the_recorded_contradiction(tmp_path: Path) -> None:
    codes = edited(tmp_path, "rules.yaml",
                   "  - {supply: charge-markers, contradiction: charge-marker-count}\n", "")
    assert codes == ["warning supply.charge-markers"]


def test_8_2_a_dashboard_that_could_roll_eleven_dice_is_an_error(tmp_path: Path) -> None:
    codes = edited(tmp_path, "cards/dashboards.yaml",
                   "symbols: {take_off: 3, flying: 5, landing: 3}",
                   "symbols: {take_off: 4, flying: 5, landing: 3}")
    assert codes == ["error dice.pool"]


def test_6_3_no_mountain_cargo_on_a_mountain_terrain_tile(tmp_path: Path) -> None:
    codes = edited(tmp_path, "rules.yaml",
                   'five_six: {says: "1 TOWN & 1 FIELDS SPECIAL CARGO", special: {town: 1, '
                   'fields: 1}', 'five_six: {says: "1 TOWN & 1 FIELDS SPECIAL CARGO", special: '
                   '{town: 1, water: 1}')
    assert codes == ["error cargo.own-terrain"]


def test_12_4_less_dirty_list_names_real_cards(tmp_path: Path) -> None:
    codes = edited(tmp_path, "rules.yaml", "equipment: [shotgun, mounted-rifle]",
                   "equipment: [shotgun, mounted-rifel]")
    assert codes == ["error ref.unknown"]
