"""Decks and tile sets read from a spreadsheet (CSV or XLSX) their YAML names: the same content
as written in YAML, every finding at its row and column (``cards.csv:3:C``), and a bill of
materials that may take its count from the data."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnpcompiler.content.components import Deck, TileSet
from pnpcompiler.content.project import load_game
from pnpcompiler.content.tables import column_name
from pnpcompiler.core.findings import Finding, render_json, render_text

Project = Callable[..., Path]
DECK_FROM = """\
kind: deck
component: cards
size: poker
backs:
  - id: plain
    fields: {title: Base}
cards: {from: cards.csv}
"""
CARDS_CSV = """\
id,name,copies,back,body
alpha,Alpha,,,First card.
beta,Beta,2,plain,"Second card, with a comma."
"""


def _load(game_dir: Path) -> tuple[object, list[Finding]]:
    return load_game(game_dir.parent, game_dir.name)


def _errors(findings: list[Finding]) -> list[Finding]:
    return [f for f in findings if f.severity.value == "error"]


def test_a_deck_from_a_csv_is_the_deck_written_in_yaml(project: Project) -> None:
    game_dir = project({"cards/deck.yaml": DECK_FROM, "cards/cards.csv": CARDS_CSV})
    game, findings = _load(game_dir)
    assert not _errors(findings), findings
    (deck,) = game.of_type(Deck)  # type: ignore[attr-defined]
    cards = [(c.id, c.name, c.copies, c.back, dict(c.fields)) for c in deck.cards]
    assert cards == [("alpha", "Alpha", 1, None, {"body": "First card."}),
                     ("beta", "Beta", 2, "plain", {"body": "Second card, with a comma."})]


def test_a_bad_cell_is_found_at_its_row_and_column(project: Project) -> None:
    bad = CARDS_CSV.replace("beta,Beta,2,", "beta,Beta,two,")
    game_dir = project({"cards/deck.yaml": DECK_FROM, "cards/cards.csv": bad})
    _, findings = _load(game_dir)
    (finding,) = _errors(findings)
    assert finding.code == "schema.wrong-type"
    assert finding.location is not None
    assert finding.location.prefix() == "content/golden/cards/cards.csv:3:C"
    assert finding.location.path == "cards[1].copies"
    text = render_text(finding)
    assert text.splitlines()[1:] == [' 3 | beta,Beta,two,plain,"Second card, with a comma."',
                                     "   |           ^"]
    (shown,) = json.loads(render_json([finding]))["findings"]
    assert (shown["line"], shown["col"], shown["column"]) == (3, 11, "C")


def test_ids_stay_text_and_fields_take_numbers(project: Project) -> None:
    csv = "id,name,bonus,ratio,fast\n007,Bond,500,0.5,true\n"
    game_dir = project({"cards/deck.yaml": DECK_FROM.replace("component: cards",
                                                             "component: cards"),
                        "cards/cards.csv": csv, "game.yaml": _bom_without_counts(project)})
    game, findings = _load(game_dir)
    assert not _errors(findings), findings
    (deck,) = game.of_type(Deck)  # type: ignore[attr-defined]
    (card,) = deck.cards
    assert card.id == "007"
    assert card.fields == {"bonus": 500, "ratio": 0.5, "fast": True}


def _bom_without_counts(project: Project) -> str:
    """Return the base game's manifest with the cards' count left out."""
    from tests.paths import CONTENT_BASE

    text = (CONTENT_BASE / "game.yaml").read_text(encoding="utf-8")
    return text.replace("    kind: deck\n    count: 3\n", "    kind: deck\n    source: designer\n")


@pytest.mark.parametrize(("header", "code", "message", "column"), [
    ("id,name,copeis,body", "table.unknown-column",
     "unknown column 'copeis' (did you mean 'copies'?); write 'fields.copeis' for a field of "
     "that name", "C"),
    ("id,name,body,body", "table.duplicate-column", "column 'body' is also column C", "D"),
    ("id,name,,body", "table.unnamed-column", "column C has data but no name in the first row",
     "C"),
])
def test_a_bad_header_is_one_finding_at_its_column(project: Project, header: str, code: str,
                                                   message: str, column: str) -> None:
    csv = f"{header}\nalpha,Alpha,1,First card.\n"
    game_dir = project({"cards/deck.yaml": DECK_FROM, "cards/cards.csv": csv})
    _, findings = _load(game_dir)
    (finding,) = _errors(findings)
    assert (finding.code, finding.message) == (code, message)
    assert finding.location is not None and finding.location.column == column
    assert finding.location.line == 1


def test_a_dotted_column_fills_its_path_and_an_unknown_key_is_a_schema_finding(
        project: Project) -> None:
    csv = "id,fields.body,sorce\nalpha,First card.,designer\n"
    game_dir = project({"cards/deck.yaml": DECK_FROM, "cards/cards.csv": csv})
    _, findings = _load(game_dir)
    (finding,) = _errors(findings)
    assert finding.code == "table.unknown-column" and "did you mean 'source'?" in finding.message


@pytest.mark.parametrize(("spec", "code", "message"), [
    ("{from: missing.csv}", "table.missing-file", "no file 'missing.csv' next to"),
    ("{from: ../../outside.csv}", "table.outside-game", "is outside the game's folder"),
    ("{from: cards.txt}", "table.not-a-spreadsheet", "expected a .csv or .xlsx file"),
    ("{from: cards.csv, shet: A}", "schema.unknown-key", "unknown key 'shet' (did you mean "
                                                         "'sheet'?)"),
])
def test_a_bad_table_reference_is_found_at_the_yaml(project: Project, spec: str, code: str,
                                                    message: str) -> None:
    game_dir = project({"cards/deck.yaml": DECK_FROM.replace("{from: cards.csv}", spec),
                        "cards/cards.csv": CARDS_CSV})
    (game_dir.parent.parent / "outside.csv").write_text(CARDS_CSV)
    _, findings = _load(game_dir)
    (finding,) = _errors(findings)
    assert finding.code == code and message in finding.message
    assert finding.location is not None
    assert finding.location.prefix().startswith("content/golden/cards/deck.yaml:7:")


def test_a_workbook_reads_its_named_sheet_with_typed_cells(project: Project) -> None:
    from openpyxl import Workbook

    book = Workbook()
    book.active.title = "Notes"
    sheet = book.create_sheet("Routes")
    for row in (["id", "name", "copies", "body"], ["alpha", "Alpha", None, "First card."],
                ["beta", "Beta", "two", "Second card."]):
        sheet.append(row)
    game_dir = project({"cards/deck.yaml": DECK_FROM.replace(
        "{from: cards.csv}", "{from: cards.xlsx, sheet: Routes}")})
    book.save(game_dir / "cards" / "cards.xlsx")
    _, findings = _load(game_dir)
    (finding,) = _errors(findings)
    assert finding.location is not None
    assert finding.location.prefix() == "content/golden/cards/cards.xlsx:3:C"
    assert finding.code == "schema.wrong-type"
    sheet["C3"] = 2
    book.save(game_dir / "cards" / "cards.xlsx")
    game, findings = _load(game_dir)
    assert not _errors(findings), findings
    (deck,) = game.of_type(Deck)  # type: ignore[attr-defined]
    assert [(c.id, c.copies) for c in deck.cards] == [("alpha", 1), ("beta", 2)]


def test_a_missing_sheet_names_the_sheets_there_are(project: Project) -> None:
    from openpyxl import Workbook

    game_dir = project({"cards/deck.yaml": DECK_FROM.replace(
        "{from: cards.csv}", "{from: cards.xlsx, sheet: Rutes}")})
    book = Workbook()
    book.active.title = "Routes"
    book.save(game_dir / "cards" / "cards.xlsx")
    _, findings = _load(game_dir)
    (finding,) = _errors(findings)
    assert finding.message == "no sheet 'Rutes' (did you mean 'Routes'?); the workbook has Routes"


def test_tiles_take_their_front_fields_and_dotted_back_fields(project: Project) -> None:
    tiles = """\
kind: tiles
component: counters
shape: hex
size: 16mm
sides: 2
back: {fields: {label: back}}
tiles: {from: counters.csv}
"""
    csv = "id,copies,label,back.fields.label\nstorm,3,Storm,\nwind,,Wind,Calm\n"
    game_dir = project({"tiles/counters.yaml": tiles, "tiles/counters.csv": csv})
    game, findings = _load(game_dir)
    assert not _errors(findings), findings
    (counters,) = game.of_type(TileSet)  # type: ignore[attr-defined]
    got = [(t.id, t.copies, t.front.fields, t.back.fields if t.back else None)
           for t in counters.tiles]
    assert got == [("storm", 3, {"label": "Storm"}, None),
                   ("wind", 1, {"label": "Wind"}, {"label": "Calm"})]


def test_the_bill_of_materials_may_take_its_count_from_the_data(project: Project,
                                                                pnp: Callable[..., tuple[int, str]]
                                                                ) -> None:
    """Adding a row is enough: no second count in game.yaml to keep in step."""
    more = CARDS_CSV + "gamma,Gamma,4,,Third card.\n"
    game_dir = project({"cards/deck.yaml": DECK_FROM, "cards/cards.csv": more})
    _, findings = _load(game_dir)
    assert [f.code for f in _errors(findings)] == ["bom.count-mismatch"]
    (game_dir / "game.yaml").write_text(_bom_without_counts(project), encoding="utf-8")
    _, findings = _load(game_dir)
    assert not _errors(findings), findings
    code, out = pnp("list", "golden")
    assert code == 0
    assert "  cards      deck             -        7  ok" in out
    # A rulebook's count is never left out: the rulebook says how many there are.
    (game_dir / "game.yaml").write_text(_bom_without_counts(project).replace(
        "    source: designer\n", ""), encoding="utf-8")
    _, findings = _load(game_dir)
    (finding,) = _errors(findings)
    assert finding.message.endswith("cards: the rulebook's count is missing; leave 'count' out "
                                    "only with 'source: designer', where the content's count "
                                    "is the count")
    assert finding.location is not None and finding.location.line == 5


def test_column_names_run_past_z() -> None:
    assert [column_name(i) for i in (0, 2, 25, 26, 27, 701, 702)] == [
        "A", "C", "Z", "AA", "AB", "ZZ", "AAA"]


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(alphabet=st.sampled_from(list('ab,"\n\r 1.-\xe9')), max_size=80))
def test_any_csv_text_gives_findings_or_content_never_a_crash(project: Project,
                                                              text: str) -> None:
    game_dir = project({"cards/deck.yaml": DECK_FROM, "cards/cards.csv": CARDS_CSV})
    (game_dir / "cards" / "cards.csv").write_text(text, encoding="utf-8")
    _, findings = _load(game_dir)
    for finding in findings:
        assert finding.location is not None and finding.location.file, finding
        render_text(finding)
