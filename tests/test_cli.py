"""The pnp command line, used as a designer would use it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
COMMANDS = ["validate", "list", "export", "build", "rules", "schema", "new"]


def test_top_level_help_has_an_example(pnp) -> None:  # type: ignore[no-untyped-def]
    code, out = pnp("--help")
    assert code == 0
    assert "Example:" in out
    for command in COMMANDS:
        assert command in out


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_help_has_an_example(pnp, command: str) -> None:  # type: ignore[no-untyped-def]
    code, out = pnp(command, "--help")
    assert code == 0
    assert "Example:" in out


def test_help_does_not_import_heavy_libraries() -> None:
    """`pnp --help` stays instant: pydantic, yaml, reportlab and shapely load only on use."""
    script = ("import sys; from pnpcompiler.app.cli import app\n"
              "heavy = [m for m in ('pydantic', 'yaml', 'reportlab', 'shapely', 'svgwrite')"
              " if m in sys.modules]\n"
              "print(','.join(heavy))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == ""


def test_validate_clean_game_exits_zero(project, pnp) -> None:  # type: ignore[no-untyped-def]
    project()
    assert pnp("validate")[0] == 0


def test_strict_turns_warnings_into_errors(project, pnp) -> None:  # type: ignore[no-untyped-def]
    project({"cards/deck.yaml": "kind: deck\ncomponent: cards\ncards:\n"
                                "  - {id: a, copies: 3}\n"})
    code, out = pnp("validate")
    assert code == 0 and "warning card.no-text" in out
    code, out = pnp("validate", "--strict")
    assert code == 1 and "error card.no-text" in out


def test_validate_json_report(project, pnp) -> None:  # type: ignore[no-untyped-def]
    project({"maps/board.yaml": "kind: hex-map\ncomponent: board\norientation: flat\n"
                                "hex_size: 20mm\nhexes: [{q: 0, r: 0, colour: red}]\n"})
    code, out = pnp("validate", "--format", "json")
    assert code == 1
    report = json.loads(out)
    finding = report["games"][0]["findings"][0]
    assert finding == {
        "severity": "error", "code": "schema.unknown-key",
        "message": "unknown key 'colour'; allowed keys: fields, label, q, r, terrain",
        "file": "content/golden/maps/board.yaml", "line": 5, "col": 22,
        "path": "hexes[0].colour",
    }
    assert report["games"][0]["valid"] is False


def test_unknown_game_is_a_usage_error(project, pnp) -> None:  # type: ignore[no-untyped-def]
    project()
    code, out = pnp("validate", "goldne")
    assert code == 2
    assert "did you mean 'golden'" in out


def test_missing_content_folder_is_a_usage_error(tmp_path, monkeypatch, pnp) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    code, out = pnp("validate")
    assert code == 2 and "does not exist" in out


def test_list_shows_counts_against_the_bill_of_materials(project, pnp) -> None:  # type: ignore[no-untyped-def]
    project()
    code, out = pnp("list")
    assert code == 0
    assert "golden: Golden Base (1-2 players, rulebook base.txt)" in out
    lines = {line.split()[0]: line.split() for line in out.splitlines()[2:] if line.strip()}
    assert lines["cards"] == ["cards", "deck", "3", "3", "ok"]
    assert lines["die"][-2:] == ["not", "printed"]


def test_export_json_and_yaml(project, pnp) -> None:  # type: ignore[no-untyped-def]
    project()
    code, out = pnp("export", "golden", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert list(data) == sorted(data)
    assert data["counts"] == {"board": 1, "cards": 3, "chart": 1, "counters": 4, "log": 1}
    assert data["components"]["tiles/counters.yaml"]["size"] == "16mm"
    code, out = pnp("export", "golden", "--format", "yaml")
    assert code == 0 and "format: pnpcompiler.content/1" in out


def test_export_refuses_invalid_content(project, pnp) -> None:  # type: ignore[no-untyped-def]
    project({"maps/board.yaml": "kind: hex-map\n"})
    code, out = pnp("export", "golden")
    assert code == 1 and "not exported" in out


def test_build_writes_content_json(project, pnp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    project()
    code, out = pnp("build", "-o", "out")
    assert code == 0, out
    written = json.loads((tmp_path / "out" / "golden" / "content.json").read_text())
    assert written["game"] == "golden"


def test_failed_build_keeps_previous_output(project, pnp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    game = project()
    assert pnp("build")[0] == 0
    before = (tmp_path / "out" / "golden" / "content.json").read_bytes()
    (game / "maps" / "board.yaml").write_text("kind: hex-map\n")
    code, out = pnp("build")
    assert code == 1 and "not built" in out
    assert (tmp_path / "out" / "golden" / "content.json").read_bytes() == before
    assert not list((tmp_path / "out" / "golden").glob(".*tmp"))


def test_new_game_validates_out_of_the_box(tmp_path, monkeypatch, pnp) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    code, out = pnp("new", "my-game", "--title", "My Game")
    assert code == 0, out
    assert (tmp_path / "content" / "my-game" / "rules.py").is_file()
    first = (tmp_path / "content/my-game/cards/cards.yaml").read_text().splitlines()[0]
    assert first == "# yaml-language-server: $schema=../../../schemas/deck.schema.json"
    code, out = pnp("validate", "my-game", "--strict")
    assert code == 0, out
    code, out = pnp("list")
    assert "  cards      deck             3        3  ok" in out


def test_new_game_builds_its_cards_out_of_the_box(tmp_path, monkeypatch, pnp) -> None:  # type: ignore[no-untyped-def]
    from pypdf import PdfReader

    monkeypatch.chdir(tmp_path)
    assert pnp("new", "my-game", "--title", "My Game")[0] == 0
    assert (tmp_path / "templates" / "my-game" / "card-front.yaml").is_file()
    assert (tmp_path / "templates" / "my-game" / "card-back.yaml").is_file()
    code, out = pnp("build", "my-game", "--strict", "-q")
    assert code == 0, out
    reader = PdfReader(tmp_path / "out" / "my-game" / "my-game-a4.pdf")
    # The calibration sheet, the contents (and its blank back), the fronts, their backs.
    assert len(reader.pages) == 6
    assert "First card" in (reader.pages[4].extract_text() or "")
    assert "My Game" in (reader.pages[5].extract_text() or "")


def test_new_refuses_existing_templates(tmp_path, monkeypatch, pnp) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "templates" / "my-game").mkdir(parents=True)
    code, out = pnp("new", "my-game")
    assert code == 2 and "templates/my-game already exists" in out
    assert not (tmp_path / "content" / "my-game").exists()


def test_new_refuses_bad_names_and_existing_games(tmp_path, monkeypatch, pnp) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    assert pnp("new", "My Game")[0] == 2
    assert pnp("new", "ok-game")[0] == 0
    code, out = pnp("new", "ok-game")
    assert code == 2 and "already exists" in out


def test_schema_writes_a_schema_per_kind(project, pnp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    project()
    code, _ = pnp("schema", "-o", "schemas")
    assert code == 0
    names = sorted(p.name for p in (tmp_path / "schemas").glob("*.json"))
    assert names == ["deck.schema.json", "game.schema.json", "hex-map.schema.json",
                     "point-map.schema.json", "rulebook.schema.json", "sheet.schema.json",
                     "tiles.schema.json"]
    deck = json.loads((tmp_path / "schemas" / "deck.schema.json").read_text())
    assert deck["required"][0] == "kind"
    assert deck["additionalProperties"] is False


def test_committed_schemas_are_up_to_date(tmp_path: Path) -> None:
    """The schemas/ folder editors point at matches what `pnp schema` writes today."""
    from pnpcompiler.content.json_schema import all_schemas

    current = all_schemas(REPO / "content")
    for rel, body in current.items():
        committed = REPO / "schemas" / rel
        assert committed.is_file(), f"schemas/{rel} missing: run 'make schemas'"
        assert json.loads(committed.read_text()) == body, f"schemas/{rel} stale: 'make schemas'"


def test_a_bug_is_one_line_not_a_traceback(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """An internal error prints one line and exits 3 (PNP_DEBUG=1 shows the trace)."""
    from pnpcompiler.app import cli

    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.delenv("PNP_DEBUG", raising=False)
    monkeypatch.setattr(cli, "app", boom)
    with pytest.raises(SystemExit) as exc:
        cli.run()
    assert exc.value.code == 3


def test_console_script_runs(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "pnpcompiler", "validate", "--content",
                             str(REPO / "content")], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
