"""How the Air Cargo kit reads: its rules summary and the contents page's notes set in
paragraphs, not in the YAML's lines."""

from __future__ import annotations

from pathlib import Path

from pnpcompiler.content.components import Sheet
from pnpcompiler.content.components.sheet import TextSection
from pnpcompiler.content.project import load_game
from pnpcompiler.layout.forms import sheet_pages
from tests.layout.test_text import texts, words
from tests.paths import CONTENT, TEMPLATES


def test_the_air_cargo_rules_summary_is_set_in_paragraphs_not_yaml_lines() -> None:
    game, _ = load_game(CONTENT, "air-cargo")
    assert game is not None
    [summary] = [s for s in game.of_type(Sheet) if s.component == "rules-summary"]
    [page] = sheet_pages(summary, "a4")[0].pages
    phases = next(t for t in texts(page.elements) if words(t).startswith("Planning and flight"))
    source = next(s.text for s in summary.sections
                  if isinstance(s, TextSection) and s.title == "Two phases")
    yaml_first_line = source.splitlines()[0].strip()
    printed_first_line = " ".join(run.text for run in phases.lines[0].runs)
    assert printed_first_line.startswith(yaml_first_line) and printed_first_line != yaml_first_line


def test_the_contents_page_notes_are_reflowed(tmp_path: Path) -> None:
    from pypdf import PdfReader
    from typer.testing import CliRunner

    from pnpcompiler.app.cli import app

    result = CliRunner().invoke(app, ["build", "air-cargo", "--content", str(CONTENT),
                                      "--templates", str(TEMPLATES), "--no-svg",
                                      "--only", "map", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    pdf = PdfReader(tmp_path / "air-cargo" / "air-cargo-a4.pdf")
    lines = (pdf.pages[2].extract_text() or "").splitlines()
    # One paragraph: the sentences run on where fixed lines would have broken them (the map's
    # note on tiled boards; the kit has no backs, so no note on them).
    assert any("glue each pale dashed strip under the next sheet" in line for line in lines)
    assert not any("backs" in line for line in lines)
