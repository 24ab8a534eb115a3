"""How the kit reads: the title font, reflowed text, round counters' bleed, flight levels told
apart without colour, the Rushing Tin cards and backs, and the Rushing Tin player aid."""

from __future__ import annotations

import io
import math
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pnpcompiler.build.faces import Resolved, item_faces, resolve_parts
from pnpcompiler.build.options import BuildOptions
from pnpcompiler.content.components import Sheet
from pnpcompiler.content.project import GameContent, load_game
from pnpcompiler.layout.collect import collect
from pnpcompiler.layout.forms import sheet_pages
from pnpcompiler.layout.ink import ink_saver
from pnpcompiler.layout.model import Face, Group, Run, Text
from pnpcompiler.layout.templates import TemplateSet
from pnpcompiler.layout.text import (
    PARAGRAPH_SPACE,
    PT_PER_MM,
    TITLE_FONT,
    TITLE_SVG_FAMILY,
    TextStyle,
    fit,
    font_file,
)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def rushing_tin() -> tuple[GameContent, Resolved]:
    """The Rushing Tin content and every face its kit prints."""
    game, _ = load_game(ROOT / "content", "rushing-tin")
    assert game is not None
    resolved, _ = resolve_parts(game, TemplateSet([ROOT / "templates"]), collect(game),
                                BuildOptions())
    return game, resolved


def faces_of(resolved: Resolved, component: str) -> dict[str, Face]:
    """Return a component's faces (fronts and shared backs) by id."""
    return {name: face for c, name, face in item_faces(resolved) if c == component}


def texts(elements: tuple[Any, ...]) -> Iterator[Text]:
    for e in elements:
        if isinstance(e, Text):
            yield e
        elif isinstance(e, Group):
            yield from texts(e.elements)


def runs(face: Face) -> list[Run]:
    return [run for t in texts(face.elements) for line in t.lines for run in line.runs
            if run.text.strip()]


def words(t: Text) -> str:
    return " ".join(run.text for line in t.lines for run in line.runs if run.text.strip())


def luma(colour: str) -> float:
    r, g, b = (int(colour.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))
    return 0.299 * r + 0.587 * g + 0.114 * b


# --- the title font ---------------------------------------------------------------------------


def test_the_title_font_ships_with_its_open_font_licence() -> None:
    file = font_file(TITLE_FONT)
    licence = (file.parent / "OFL.txt").read_text(encoding="utf-8")
    assert file.is_file() and file.suffix == ".ttf"
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"fonts/*.ttf", "fonts/*.txt"' in pyproject  # package data, so an install has it


def test_the_title_font_embeds_in_the_pdf_and_is_named_in_the_svg() -> None:
    from pypdf import PdfReader

    from pnpcompiler.render.png import faces_pdf
    from pnpcompiler.render.svg import face_svg

    fitted = fit("RANDOM EVENT", TextStyle(font="title", size=20), 50.0, 10.0)
    face = Face(60.0, 20.0, 0.0, "#ffffff", (Text(5.0, 5.0, 50.0, 10.0, fitted.lines, 20.0),))
    assert {run.font for run in runs(face)} == {TITLE_FONT}
    page = PdfReader(io.BytesIO(faces_pdf([face]))).pages[0]
    fonts = page["/Resources"]["/Font"]
    [font] = [fonts[name].get_object() for name in fonts
              if str(fonts[name].get_object()["/BaseFont"]).endswith("+" + TITLE_FONT)]
    assert "/FontFile2" in font["/FontDescriptor"].get_object()  # the subset is embedded
    svg = face_svg(face)
    assert f'font-family="{TITLE_SVG_FAMILY}"' in svg and 'font-weight="bold"' in svg
    assert TITLE_SVG_FAMILY.endswith("sans-serif")


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


# --- reflowed text ----------------------------------------------------------------------------

STYLE = TextStyle(size=10, min_size=10)


def baselines(markup: str) -> list[float]:
    return [line.baseline for line in fit(markup, STYLE, 120.0, 100.0).lines]


def test_a_single_line_break_in_text_is_a_space() -> None:
    broken = fit("Roll both dice.\n  Tick a box.", STYLE, 120.0, 100.0)
    assert [[run.text for run in line.runs] for line in broken.lines] == [
        ["Roll both dice. Tick a box."]]


def test_a_blank_line_starts_a_paragraph_half_a_line_below() -> None:
    leading = STYLE.size * STYLE.leading / PT_PER_MM
    first, second = baselines("Roll both dice.\n \nTick a box.")
    assert second - first == pytest.approx(leading * (1 + PARAGRAPH_SPACE))
    first, second = baselines("Roll both dice.<br/>Tick a box.")  # a line break where it stands
    assert second - first == pytest.approx(leading)


def test_a_paragraph_that_does_not_fit_is_an_overflow() -> None:
    fitted = fit("Roll both dice.\n\nTick a box.", TextStyle(size=10, min_size=9), 120.0, 6.0)
    assert not fitted.fits and len(fitted.lines) == 2


def test_lines_are_never_squeezed_past_their_box() -> None:
    # reportlab would shrink this line's spaces to hold "plan"; the runs print whole spaces.
    text = ("Planning and flight have no common rules and no fixed order: switch between them "
            "as you like (plan five times, fly twice, plan again...).")
    fitted = fit(text, TextStyle(size=8.5, min_size=8.5), 190.0, 100.0)
    assert fitted.fits and fitted.size == 8.5
    assert all(run.x + run.width <= 190.0 + 1e-6 for line in fitted.lines for run in line.runs)


def test_the_air_cargo_rules_summary_is_set_in_paragraphs_not_yaml_lines() -> None:
    game, _ = load_game(ROOT / "content", "air-cargo")
    assert game is not None
    [summary] = [s for s in game.of_type(Sheet) if s.component == "rules-summary"]
    [page] = sheet_pages(summary, "a4")[0].pages
    phases = next(t for t in texts(page.elements) if words(t).startswith("Planning and flight"))
    source = next(s.text for s in summary.sections if getattr(s, "title", "") == "Two phases")
    yaml_first_line = source.splitlines()[0].strip()
    printed_first_line = " ".join(run.text for run in phases.lines[0].runs)
    assert printed_first_line.startswith(yaml_first_line) and printed_first_line != yaml_first_line


def test_the_contents_page_notes_are_reflowed(tmp_path: Path) -> None:
    from pypdf import PdfReader
    from typer.testing import CliRunner

    from pnpcompiler.app.cli import app

    result = CliRunner().invoke(app, ["build", "air-cargo", "--content", str(ROOT / "content"),
                                      "--templates", str(ROOT / "templates"), "--no-svg",
                                      "--only", "leg-template", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    pdf = PdfReader(tmp_path / "air-cargo" / "air-cargo-a4.pdf")
    lines = (pdf.pages[0].extract_text() or "").splitlines()
    # One paragraph: the sentences run on where the old fixed lines broke them.
    assert any("If backs land off-centre, measure the shift" in line for line in lines)


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
