"""How the Rushing Tin kit reads: titles in the title font, round counters' bleed, flight
levels told apart without colour, the cards and backs, the player aid. (The title font and
reflowed text themselves: tests/layout/test_text.py.)"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from pnpcompiler.build.faces import Resolved, item_faces, resolve_parts
from pnpcompiler.build.options import BuildOptions
from pnpcompiler.content.components import Sheet
from pnpcompiler.content.project import GameContent, load_game
from pnpcompiler.layout.collect import collect
from pnpcompiler.layout.forms import sheet_pages
from pnpcompiler.layout.ink import ink_saver
from pnpcompiler.layout.model import Face
from pnpcompiler.layout.templates import TemplateSet
from pnpcompiler.layout.text import (
    TITLE_FONT,
)
from tests.layout.test_text import runs, texts, words
from tests.paths import CONTENT, TEMPLATES


@pytest.fixture(scope="module")
def rushing_tin() -> tuple[GameContent, Resolved]:
    """The Rushing Tin content and every face its kit prints."""
    game, _ = load_game(CONTENT, "rushing-tin")
    assert game is not None
    resolved, _ = resolve_parts(game, TemplateSet([TEMPLATES]), collect(game),
                                BuildOptions())
    return game, resolved


def faces_of(resolved: Resolved, component: str) -> dict[str, Face]:
    """Return a component's faces (fronts and shared backs) by id."""
    return {name: face for c, name, face in item_faces(resolved) if c == component}


def luma(colour: str) -> float:
    r, g, b = (int(colour.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))
    return 0.299 * r + 0.587 * g + 0.114 * b


def test_forms_and_cards_set_their_titles_in_the_title_font(
        rushing_tin: tuple[GameContent, Resolved]) -> None:
    game, resolved = rushing_tin
    [aid] = [s for s in game.of_type(Sheet) if s.component == "player-aid"]
    pages, _ = sheet_pages(aid, "a4")
    heading = next(t for t in texts(pages.pages[0].elements) if words(t).startswith("RUSHING"))
    assert {run.font for line in heading.lines for run in line.runs} == {TITLE_FONT}
    card = faces_of(resolved, "random-event-cards")["event-go-around"]
    title = next(t for t in texts(card.elements) if words(t) == "GO AROUND")
    assert {run.font for line in title.lines for run in line.runs} == {TITLE_FONT}


# --- round counters' bleed --------------------------------------------------------------------


def edge_samples(face: Face) -> Iterator[tuple[tuple[float, float], tuple[float, float]]]:
    """Yield pairs of points (mm, from the bleed's corner): just inside the cut, and a millimetre
    outside it, in the bleed, all round a round or hex counter."""
    w, h, b = face.width, face.height, face.bleed
    cx, cy = b + w / 2, b + h / 2
    for k in range(12):
        if face.shape == "round":
            angle, reach = math.radians(30 * k + 15), w / 2
        else:  # the middle of each flat side of a flat-topped hex, and its corners
            angle = math.radians(30 * k)
            reach = w / 2 if k % 2 == 0 else h / 2
        dx, dy = math.cos(angle), math.sin(angle)
        yield ((cx + dx * (reach - 0.4), cy + dy * (reach - 0.4)),
               (cx + dx * (reach + 1.0), cy + dy * (reach + 1.0)))


def test_round_and_hex_counters_carry_their_edge_colour_into_the_bleed(
        rushing_tin: tuple[GameContent, Resolved]) -> None:
    from PIL import Image as Picture

    from pnpcompiler.render.png import faces_to_png

    _, resolved = rushing_tin
    counters = [(f"{c}/{name}", face) for c, name, face in item_faces(resolved)
                if face.shape in ("round", "hex")]
    assert {face.shape for _, face in counters} == {"round", "hex"}
    dpi = 254  # 10 pixels a millimetre
    pngs = faces_to_png([face for _, face in counters], dpi,
                        [Path(f"{i}.png") for i in range(len(counters))])
    white = []
    for (name, face), (_, png) in zip(counters, pngs, strict=True):
        assert face.bleed > 0, name
        picture = Picture.open(io.BytesIO(png)).convert("RGB")
        for inside, outside in edge_samples(face):
            a, b = (picture.getpixel((round(x * 10), round(y * 10))) for x, y in (inside, outside))
            if max(abs(p - q) for p, q in zip(a, b, strict=True)) > 24:  # type: ignore[arg-type]
                white.append(f"{name}: {a} inside the cut, {b} in the bleed")
    assert white == []


# --- flight levels without colour -----------------------------------------------------------

LEVELLED = {"weather-system-counters", "wind-counters", "entry-exit-counters"}


def test_each_level_counter_prints_its_level_large_in_the_ink_saver(
        rushing_tin: tuple[GameContent, Resolved]) -> None:
    _, resolved = rushing_tin
    seen: dict[str, set[str]] = {}
    for component, name, face in item_faces(resolved):
        if component not in LEVELLED:
            continue
        level = name.split("-")[-2 if name.endswith("-back") else -1]
        plain = ink_saver(face)
        numerals = [r for r in runs(plain) if r.text == level]
        assert numerals, f"{name}: no {level} printed"
        biggest = max(numerals, key=lambda r: r.size)
        assert biggest.size >= 12 and luma(biggest.colour) < 100, f"{name}: {biggest}"
        assert biggest.size == max(r.size for r in runs(plain)), name
        seen.setdefault(component, set()).add(level)
    assert seen == {"weather-system-counters": {"3", "4", "5", "6"},
                    "wind-counters": {"3", "4", "5", "6"},
                    "entry-exit-counters": {"1", "2", "3", "4", "5", "6"}}


def test_each_cube_face_prints_its_level_in_the_ink_saver(
        rushing_tin: tuple[GameContent, Resolved]) -> None:
    game, resolved = rushing_tin
    from pnpcompiler.games.rushing_tin.model import PlaneCubes

    [cubes] = game.of_type(PlaneCubes)
    edge = cubes.face
    net = ink_saver(faces_of(resolved, "plane-cubes")["cube-1"])
    cells = [(1, 0), (0, 1), (1, 1), (2, 1), (3, 1), (1, 2)]
    for (col, row), level in zip(cells, cubes.levels, strict=True):
        inside = [run for t in texts(net.elements) for line in t.lines for run in line.runs
                  if col * edge <= t.x < (col + 1) * edge and row * edge <= t.y < (row + 1) * edge
                  and t.y < row * edge + edge / 2 and run.text.strip()]
        # In the face's top half: its level, not the plane's ID (bottom right).
        assert [run.text for run in inside] == [str(level)], (level, inside)
        assert inside[0].size >= 6 and luma(inside[0].colour) < 100


# --- the Rushing Tin cards ------------------------------------------------------------------


@pytest.mark.parametrize(("component", "opening"), [
    ("random-event-cards", ("The plane", "Each ATC", "Roll 1d6", "The highest", "Both pilots",
                            "Land at")),
    ("status-deck", ("+", "-", "You may not")),
    ("weather-event-cards", ("Roll 1d6", "Place the Wind")),
])
def test_event_and_status_cards_set_their_rules_at_ten_point_or_near(
        rushing_tin: tuple[GameContent, Resolved], component: str,
        opening: tuple[str, ...]) -> None:
    _, resolved = rushing_tin
    sizes = [t.size for name, face in faces_of(resolved, component).items()
             if not name.endswith("back") for t in texts(face.elements)
             if words(t).startswith(opening)]
    assert len(sizes) >= len(faces_of(resolved, component)) - 1
    assert min(sizes) >= 9.0 and sorted(sizes)[len(sizes) // 2] >= 10.0


def test_every_deck_back_carries_the_game_back_design(
        rushing_tin: tuple[GameContent, Resolved]) -> None:
    _, resolved = rushing_tin
    decks = ("single-route-hand-off-cards", "multi-route-hand-off-cards", "random-event-cards",
             "weather-event-cards", "status-deck")
    for deck in decks:
        [back] = [face for name, face in faces_of(resolved, deck).items() if name.endswith("back")]
        shown = {words(t): t for t in texts(back.elements)}
        assert "RUSHING TIN" in shown, deck
        title = max(texts(back.elements), key=lambda t: t.size)
        assert title.size >= 14 and {r.font for r in runs(Face(
            1, 1, 0, None, (title,)))} == {TITLE_FONT}, deck
        assert len(list(texts(back.elements))) >= 3, f"{deck}: a bare back"
        # The emblem's disc and art: more than the frame.
        assert len(back.elements) - len(list(texts(back.elements))) >= 4, deck


# --- the Rushing Tin player aid ---------------------------------------------------------------


def player_aid(game: GameContent) -> Sheet:
    [aid] = [s for s in game.of_type(Sheet) if s.component == "player-aid"]
    return aid


def aid_text(aid: Sheet) -> str:
    parts = []
    for section in aid.sections:
        parts.append(getattr(section, "title", None) or "")
        parts.append(getattr(section, "text", ""))
        parts += [" ".join(str(v) for v in row) for row in getattr(section, "rows", [])]
    return re.sub(r"\s+", " ", " ".join(parts))


def test_player_aid_is_in_the_bill_of_materials_and_fits_one_page(
        rushing_tin: tuple[GameContent, Resolved]) -> None:
    game, _ = rushing_tin
    aid = player_aid(game)
    entry = next(e for e in game.manifest.bill_of_materials if e.id == "player-aid")
    assert entry.count == aid.copies == 1
    for paper in ("a4", "letter"):
        pages, findings = sheet_pages(aid, paper)
        assert len(pages.pages) == 1 and findings == [], paper


def test_player_aid_cites_only_rules_the_rulebook_has(
        rushing_tin: tuple[GameContent, Resolved]) -> None:
    game, _ = rushing_tin
    from pnpcompiler.content.components import Rulebook

    known = {rule.id for book in game.of_type(Rulebook) for rule in book.rules}
    text = aid_text(player_aid(game))
    numbers = set(re.findall(r"\b\d{1,2}\.\d\d\b", text))
    named = {n for n in re.findall(r"\(([A-Z][A-Z' -]+[A-Z])\)", text)}
    assert len(numbers) > 40 and {"SHIFT LIMIT", "WEATHER SYSTEM GROWTH"} <= named
    assert numbers - known == set() and named - known == set()


def test_player_aid_figures_are_the_rules_tables(
        rushing_tin: tuple[GameContent, Resolved]) -> None:
    game, _ = rushing_tin
    from pnpcompiler.games.rushing_tin.model import RulesTables

    [tables] = game.of_type(RulesTables)
    text = aid_text(player_aid(game))
    limits = ", ".join(f"{lim.atcs} ATC{'s' if lim.atcs > 1 else ''} {lim.accepted} / "
                       f"{lim.pending}" for lim in tables.shift_limits)
    expected = [
        limits,
        f"after the {tables.shift.turns}", f"turn ({tables.shift.end})",
        f"a £{tables.fines.minor} fine", f"a £{tables.fines.major} fine",
        f"counts as {tables.deals.major_counts_as} Deals",
        f"More than {tables.deals.fired_after_more_than} Deals and the ATC is fired",
        f"one-off {tables.bonuses.overshoot_penalty_percent}% penalty",
        f"more than {tables.bonuses.no_bonus_beyond} away and no Schedule Bonus",
        f"A {tables.dice.random_event[0]} draws a Random Event card",
        f"a {tables.dice.weather_event[0]} a Weather Event card",
        f"a {tables.dice.weather_flip[0]} turns it over",
        f"{tables.shift.turn_minutes} minutes",
    ]
    assert [figure for figure in expected if figure not in text] == []
