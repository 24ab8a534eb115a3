"""The Tabletop Simulator export: every card id resolves to a slot of a sheet that exists, of
the grid its deck states; pictures are the size the grid makes them; copies are real copies;
counters are tiles of their shape; boards are boards."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import pytest
import yaml

from tests.paths import CONTENT, SAMPLER, TEMPLATES


def _export(content: Path, templates: Path, game: str, out: Path, *args: str) -> Path:
    from typer.testing import CliRunner

    from pnpcompiler.app.cli import app

    result = CliRunner().invoke(app, ["export", game, "--format", "tts", "--content",
                                      str(content), "--templates", str(templates), "-o",
                                      str(out), *args])
    assert result.exit_code == 0, result.output
    return out / game / f"{game}.json"


@pytest.fixture(scope="module")
def sampler(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("tts")
    shutil.copytree(SAMPLER, root, dirs_exist_ok=True)
    return _export(root / "content", root / "templates", "sampler", root / "out")


def _objects(objects: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Yield every object, those inside decks and bags too."""
    for obj in objects:
        yield obj
        yield from _objects(obj.get("ContainedObjects", []))


def _file(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file", url
    return Path(unquote(parsed.path))


def _picture(path: Path) -> Any:
    from PIL import Image

    return Image.open(path)


def _check_cards(save: dict[str, Any], to_file: Any = _file) -> int:
    """Check every card against its sheet; return how many cards there are."""
    cards = [o for o in _objects(save["ObjectStates"]) if o["Name"] == "Card"]
    for card in cards:
        key, slot = divmod(card["CardID"], 100)
        sheet = card["CustomDeck"][str(key)]
        columns, rows = sheet["NumWidth"], sheet["NumHeight"]
        assert 2 <= columns <= 10 and 2 <= rows <= 7
        assert slot < columns * rows - (0 if sheet["BackIsHidden"] else 1), card
        faces, back = _picture(to_file(sheet["FaceURL"])), _picture(to_file(sheet["BackURL"]))
        width, height = faces.size
        assert width <= 4096 and height <= 4096 and faces.mode == "RGB"
        assert width % columns == 0 and height % rows == 0
        assert back.size == (width // columns, height // rows) and back.mode == "RGB"
    for deck in (o for o in _objects(save["ObjectStates"]) if o["Name"] == "DeckCustom"):
        assert deck["DeckIDs"] == [c["CardID"] for c in deck["ContainedObjects"]]
        for key, sheet in deck["CustomDeck"].items():
            assert all(c["CustomDeck"][key] == sheet for c in deck["ContainedObjects"]
                       if str(c["CardID"] // 100) == key)
    return len(cards)


def _check_card_shapes(save: dict[str, Any], to_file: Any = _file) -> None:
    """Check every card's shape on the table against its picture: the game draws a card on a
    poker card (63.5 x 88.9 mm, turned for a sideways card) scaled by its transform."""
    for card in (o for o in _objects(save["ObjectStates"]) if o["Name"] == "Card"):
        sheet = card["CustomDeck"][str(card["CardID"] // 100)]
        cell_w, cell_h = _picture(to_file(sheet["BackURL"])).size
        assert card["SidewaysCard"] is (cell_w > cell_h), card["Nickname"]
        poker = (88.9, 63.5) if card["SidewaysCard"] else (63.5, 88.9)
        scale = card["Transform"]
        on_table = poker[0] * scale["scaleX"], poker[1] * scale["scaleZ"]
        assert abs(on_table[0] / on_table[1] - cell_w / cell_h) < 2 / min(cell_w, cell_h), (
            card["Nickname"], on_table, (cell_w, cell_h))


def _bill(game_yaml: Path) -> dict[str, int]:
    manifest = yaml.safe_load(game_yaml.read_text("utf-8"))
    # Entries counted in a unit (cash by its worth) do not count pieces.
    return {e["id"]: e["count"] for e in manifest["bill_of_materials"] if "unit" not in e}


def test_every_card_id_resolves_to_a_slot_of_a_sheet_of_its_grid(sampler: Path) -> None:
    save = json.loads(sampler.read_text("utf-8"))
    assert _check_cards(save) == _bill(SAMPLER / "content/sampler/game.yaml")["cards"]
    _check_card_shapes(save)


def test_cards_keep_their_size_against_a_poker_card_and_lie_sideways_when_wide() -> None:
    from pnpcompiler.build.tts import Deck, DeckSheet, sheet_grid

    def saved(size: tuple[float, float]) -> dict[str, Any]:
        sheet = DeckSheet(1, "faces.png", "back.png", sheet_grid(3, size, 150), False)
        deck = Deck("Deck", "deck", size, [("a", sheet, 0), ("b", sheet, 1)])
        return deck.saved(0.0)

    poker = saved((63.5, 88.9))
    assert not poker["SidewaysCard"]
    assert (poker["Transform"]["scaleX"], poker["Transform"]["scaleZ"]) == (1.0, 1.0)
    cash = saved((85.0, 42.0))  # Rushing Tin's notes
    assert cash["SidewaysCard"] and all(c["SidewaysCard"] for c in cash["ContainedObjects"])
    assert cash["Transform"]["scaleX"] == pytest.approx(85.0 / 88.9, abs=1e-4)
    assert cash["Transform"]["scaleZ"] == pytest.approx(42.0 / 63.5, abs=1e-4)
    tall = saved((69.85, 120.65))  # Now Boarding's price cards: tarot size
    assert not tall["SidewaysCard"]
    assert tall["ContainedObjects"][0]["Transform"]["scaleX"] == pytest.approx(1.1, abs=1e-4)
    assert tall["ContainedObjects"][0]["Transform"]["scaleZ"] == pytest.approx(
        120.65 / 88.9, abs=1e-4)


def test_copies_are_real_copies(sampler: Path) -> None:
    save = json.loads(sampler.read_text("utf-8"))
    bill = _bill(SAMPLER / "content/sampler/game.yaml")
    (deck,) = [o for o in save["ObjectStates"] if o["Name"] == "DeckCustom"]
    assert len(deck["ContainedObjects"]) == len(deck["DeckIDs"]) == bill[deck["Tags"][0]]
    bags = {o["Tags"][0]: o for o in save["ObjectStates"] if o["Name"] == "Bag"}
    for name, bag in bags.items():
        assert len(bag["ContainedObjects"]) == bill[name]
        assert len({t["GUID"] for t in bag["ContainedObjects"]}) == bill[name]
    # A card printed twice has one slot on its sheet and two cards in the deck.
    assert len(set(deck["DeckIDs"])) < len(deck["DeckIDs"])


def test_sheet_cells_keep_the_cards_shape_and_the_last_slot_shows_the_back(
        sampler: Path) -> None:
    save = json.loads(sampler.read_text("utf-8"))
    (deck,) = [o for o in save["ObjectStates"] if o["Name"] == "DeckCustom"]
    assert len(deck["CustomDeck"]) == 2  # the sampler's cards have two backs
    for sheet in deck["CustomDeck"].values():
        assert sheet["BackIsHidden"] is False and sheet["UniqueBack"] is False
        faces, back = _picture(_file(sheet["FaceURL"])), _picture(_file(sheet["BackURL"]))
        cell_w, cell_h = back.size
        assert abs(cell_w / cell_h - 63.5 / 88.9) < 2 / cell_h
        last = sheet["NumWidth"] * sheet["NumHeight"] - 1
        x, y = (last % sheet["NumWidth"]) * cell_w, (last // sheet["NumWidth"]) * cell_h
        hidden = faces.crop((x, y, x + cell_w, y + cell_h))
        assert hidden.tobytes() == back.convert("RGB").tobytes()


def test_counters_are_tiles_of_their_shape_with_their_backs(sampler: Path) -> None:
    save = json.loads(sampler.read_text("utf-8"))
    tiles = [o for o in _objects(save["ObjectStates"]) if o["Name"] == "Custom_Tile"]
    by_bag = {o["Tags"][0]: {t["CustomImage"]["CustomTile"]["Type"]
                              for t in o["ContainedObjects"]}
              for o in save["ObjectStates"] if o["Name"] == "Bag"}
    assert by_bag == {"counters": {0}, "markers": {2}}  # square counters, round markers
    for t in tiles:
        image = t["CustomImage"]
        assert _file(image["ImageURL"]).is_file() and _file(image["ImageSecondaryURL"]).is_file()
        assert t["CustomImage"]["CustomTile"]["Thickness"] > 0
    # The sampler's counters have backs: the back is another picture than the front.
    assert any(t["CustomImage"]["ImageURL"] != t["CustomImage"]["ImageSecondaryURL"]
               for t in tiles)


def test_boards_are_custom_boards(sampler: Path) -> None:
    save = json.loads(sampler.read_text("utf-8"))
    boards = [o for o in save["ObjectStates"] if o["Name"] == "Custom_Board"]
    bill = _bill(SAMPLER / "content/sampler/game.yaml")
    assert {b["Tags"][0] for b in boards} == {"board", "chart"} <= set(bill)
    for b in boards:
        picture = _picture(_file(b["CustomImage"]["ImageURL"]))
        assert max(picture.size) <= 4096 and picture.mode == "RGB"


def test_base_url_names_the_hosted_pictures(tmp_path: Path) -> None:
    shutil.copytree(SAMPLER, tmp_path, dirs_exist_ok=True)
    base = "https://example.org/kits/sampler"
    save_file = _export(tmp_path / "content", tmp_path / "templates", "sampler",
                        tmp_path / "out", "--base-url", base + "/", "--back-is-hidden")
    save = json.loads(save_file.read_text("utf-8"))

    def hosted(url: str) -> Path:
        assert url.startswith(base + "/"), url
        return save_file.parent / unquote(url[len(base) + 1:])

    assert _check_cards(save, hosted) == _bill(SAMPLER / "content/sampler/game.yaml")["cards"]
    sheets = [s for o in save["ObjectStates"] if o["Name"] == "DeckCustom"
              for s in o["CustomDeck"].values()]
    assert sheets and all(s["BackIsHidden"] for s in sheets)


@pytest.mark.parametrize("game", ["rushing-tin", "air-cargo", "now-boarding"])
def test_shipped_games_export_with_every_card_id_resolving(tmp_path: Path, game: str) -> None:
    save = json.loads(_export(CONTENT, TEMPLATES, game, tmp_path).read_text("utf-8"))
    cards = _check_cards(save)
    _check_card_shapes(save)
    tiles = sum(o["Name"] == "Custom_Tile" for o in _objects(save["ObjectStates"]))
    boards = sum(o["Name"] == "Custom_Board" for o in save["ObjectStates"])
    assert boards == (0 if game == "now-boarding" else 1)  # its boards are cards and forms
    if game == "rushing-tin":  # its decks, with every copy, and its counters
        bill = _bill(CONTENT / game / "game.yaml")
        decks = {o["Tags"][0]: len(o["ContainedObjects"]) for o in save["ObjectStates"]
                 if o["Name"] == "DeckCustom"}
        counted = [name for name in decks if name in bill]
        assert len(counted) >= 4 and all(decks[name] == bill[name] for name in counted)
        assert cards == sum(decks.values()) and tiles > 0


def test_tts_needs_an_output_folder(pnp: Any) -> None:
    code, out = pnp("export", "rushing-tin", "--format", "tts")
    assert code == 2 and "-o DIR" in out


def test_a_sheet_of_large_cards_takes_the_grid_that_draws_them_finest() -> None:
    from pnpcompiler.build.tts import sheet_grid

    # Now Boarding's 24 airport boards (127 x 88.9 mm) and a hidden slot: ten across would
    # draw them at 82 dpi to stay within 4,096 pixels; five by five keeps 150 dpi.
    grid = sheet_grid(25, (127.0, 88.9), 150)
    assert grid.slots >= 25 and max(grid.pixels) <= 4096
    assert grid.cell == (750, 525)
    # Poker cards at 150 dpi keep the grid they had: ten across, as many rows as needed.
    poker, few = sheet_grid(61, (63.5, 88.9), 150), sheet_grid(5, (63.5, 88.9), 150)
    assert (poker.columns, poker.rows, poker.cell) == (10, 7, (375, 525))
    assert (few.columns, few.rows) == (5, 2)
