"""The generic hex-map and point-map kinds print as boards; kinds that print nothing say why."""

from __future__ import annotations

from pathlib import Path

import pytest

HEX_MAP = """\
kind: hex-map
component: board
name: Island of Tarn
source: designer
orientation: flat
hex_size: 24mm
hexes:
  - {q: 0, r: 0, terrain: plain, label: Harbour}
  - {q: 1, r: 0, terrain: forest}
  - {q: 2, r: 0, terrain: forest, label: Old Wood}
  - {q: 0, r: 1, terrain: water}
  - {q: 1, r: 1, terrain: ruins, label: Tarn Peak}
"""

POINT_MAP = """\
kind: point-map
component: map
name: Trade routes
source: designer
width: 120
height: 80
unit: 2mm
points:
  - {id: seattle, x: 10, y: 8, label: Seattle}
  - {id: boise, x: 90, y: 50, label: Boise}
zones:
  - {id: cascades, name: Cascades, x: 30, y: 20, radius: 12}
"""


def _new_game_with(tmp_path: Path, pnp, entry: str, kind: str, text: str) -> Path:  # type: ignore[no-untyped-def]
    """Make a game with ``pnp new`` and add one map file and its bill-of-materials entry."""
    assert pnp("new", "my-game", "--title", "My Game")[0] == 0
    game = tmp_path / "content" / "my-game"
    manifest = game / "game.yaml"
    manifest.write_text(manifest.read_text().replace(
        "contradictions: []",
        f"  - id: {entry}\n    name: {entry}\n    kind: {kind}\n    count: 1\n"
        "contradictions: []"))
    (game / "maps").mkdir()
    (game / "maps" / f"{entry}.yaml").write_text(text)
    return game


@pytest.mark.parametrize(("entry", "kind", "text", "words", "pages"), [
    ("board", "hex-map", HEX_MAP, ("Island of Tarn", "Harbour", "Old Wood", "forest"), 1),
    ("map", "point-map", POINT_MAP, ("Trade routes", "Seattle", "Cascades", "SCALE"), 2),
])
def test_generic_map_of_a_new_game_prints_as_a_board(  # type: ignore[no-untyped-def]
        tmp_path, monkeypatch, pnp, entry: str, kind: str, text: str,
        words: tuple[str, ...], pages: int) -> None:
    from pypdf import PdfReader

    monkeypatch.chdir(tmp_path)
    _new_game_with(tmp_path, pnp, entry, kind, text)
    code, out = pnp("build", "my-game", "--strict", "-q")
    assert code == 0, out
    kit = tmp_path / "out" / "my-game"
    reader = PdfReader(kit / "my-game-a4.pdf")
    # The calibration sheet, the contents, the card fronts and backs, then the board tiled
    # over its sheets, each with a blank back.
    assert len(reader.pages) == 6 + 2 * pages
    tiled = " ".join(page.extract_text() or "" for page in reader.pages[6::2])
    svg = (kit / "svg" / entry / f"{entry}.svg").read_text()
    for word in words:
        assert word in tiled
        assert word in svg
    assert (kit / "boards" / f"{entry}-a3.pdf").is_file()
    assert (kit / "boards" / f"{entry}-poster.pdf").is_file()
    assert "not printed" not in out


def test_generic_hex_map_prints_every_hex_with_its_axial_coordinates(  # type: ignore[no-untyped-def]
        tmp_path, monkeypatch, pnp) -> None:
    monkeypatch.chdir(tmp_path)
    _new_game_with(tmp_path, pnp, "board", "hex-map", HEX_MAP)
    assert pnp("build", "my-game", "-q")[0] == 0
    svg = (tmp_path / "out" / "my-game" / "svg" / "board" / "board.svg").read_text()
    for q, r in ((0, 0), (1, 0), (2, 0), (0, 1), (1, 1)):
        assert f">{q},{r}<" in svg
    assert svg.count("<polygon") >= 5


def test_build_says_why_a_component_is_not_printed(tmp_path, monkeypatch, pnp) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    game = _new_game_with(tmp_path, pnp, "board", "hex-map",
                          "kind: hex-map\ncomponent: board\norientation: flat\n"
                          "hex_size: 20mm\nhexes: []\n")
    cards = game / "cards" / "cards.yaml"
    cards.write_text("\n".join(line for line in cards.read_text().splitlines()
                               if "template:" not in line) + "\n")
    code, out = pnp("build", "my-game")
    assert code == 0, out
    assert "my-game: not printed: board (hex-map): the map has no hexes" in out
    assert "not printed: cards (deck): neither the deck nor any card names a template" in out


def test_generic_boards_build_byte_identical_twice(tmp_path, monkeypatch, pnp) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    game = _new_game_with(tmp_path, pnp, "board", "hex-map", HEX_MAP)
    (game / "maps" / "map.yaml").write_text(POINT_MAP)
    manifest = game / "game.yaml"
    manifest.write_text(manifest.read_text().replace(
        "contradictions: []",
        "  - id: map\n    name: map\n    kind: point-map\n    count: 1\ncontradictions: []"))
    kit = tmp_path / "out" / "my-game"
    made = []
    for _ in range(2):
        assert pnp("build", "my-game", "--strict", "--no-cache", "-q")[0] == 0
        made.append({p.relative_to(kit): p.read_bytes() for p in sorted(kit.rglob("*"))
                     if p.suffix in (".pdf", ".svg")})
    assert made[0] == made[1]
    assert {str(p) for p in made[0]} >= {"boards/board-a3.pdf", "boards/map-poster.pdf",
                                         "svg/board/board.svg", "svg/map/map.svg"}
