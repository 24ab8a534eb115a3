"""The pnp command line, used as a designer would use it."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.paths import CONTENT, EXAMPLES, REPO, TEMPLATES

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



def test_a_content_folder_that_is_a_file_says_so(tmp_path, monkeypatch, pnp) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "games.yaml").write_text("title: x\n", encoding="utf-8")
    code, out = pnp("validate", "--content", "games.yaml")
    assert code == 2 and "content folder 'games.yaml' is a file, not a folder" in out


def test_referee_with_a_content_folder_that_is_a_file_says_so(tmp_path, monkeypatch, pnp) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "games.yaml").write_text("title: x\n", encoding="utf-8")
    record = str(EXAMPLES / "air-cargo" / "gold-wing.yaml")
    for asked in ([record], ["--batch", str(EXAMPLES / "air-cargo")]):
        code, out = pnp("referee", *asked, "--content", "games.yaml")
        # Said once, up front: not "no game 'air-cargo'" for each record.
        assert code == 2 and out.strip() == ("pnp: error: content folder 'games.yaml' is a "
                                             "file, not a folder (run pnp in your project "
                                             "folder, or pass --content DIR)"), out


def test_a_manifest_that_is_a_folder_is_named(tmp_path, monkeypatch, pnp) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "content" / "g1" / "game.yaml").mkdir(parents=True)
    code, out = pnp("validate")
    assert code == 2 and "no games in 'content' (g1/game.yaml: a folder, not a file)" in out


def test_list_shows_counts_against_the_bill_of_materials(project, pnp) -> None:  # type: ignore[no-untyped-def]
    project()
    code, out = pnp("list")
    assert code == 0
    assert "golden: Golden Base (1-2 players; rulebook text base.txt)" in out
    lines = {line.split()[0]: line.split() for line in out.splitlines()[2:] if line.strip()}
    assert lines["cards"] == ["cards", "deck", "3", "3", "ok"]
    assert lines["die"][-2:] == ["not", "printed"]


def test_list_takes_the_games_to_show(project, pnp) -> None:  # type: ignore[no-untyped-def]
    """``pnp list GAME`` shows that game, as the other verbs take one; an unknown name is a
    usage error naming the games there are."""
    project()
    code, out = pnp("list", "golden")
    assert code == 0 and out.startswith("golden: Golden Base")
    code, out = pnp("list", "gold")
    assert code == 2 and "no game 'gold'" in out and "golden" in out


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


@pytest.mark.parametrize("check", [[], ["--check"]])
def test_schema_from_a_content_folder_that_is_missing_or_a_file_is_a_usage_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pnp: Callable[..., tuple[int, str]],
        check: list[str]) -> None:
    """A mistyped --content wrote the generic schemas with no game's ids, exit 0."""
    monkeypatch.chdir(tmp_path)
    Path("afile").write_text("not a folder\n", encoding="utf-8")
    code, out = pnp("schema", "--content", "contnet", "-o", "schemas", *check)
    assert code == 2 and "content folder 'contnet' does not exist" in out, out
    code, out = pnp("schema", "--content", "afile", "-o", "schemas", *check)
    assert code == 2 and "content folder 'afile' is a file, not a folder" in out, out
    assert not Path("schemas").exists()


def test_schema_check_names_a_stale_schema(project, pnp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    project()
    assert pnp("schema", "-o", "schemas")[0] == 0
    code, out = pnp("schema", "--check", "-o", "schemas")
    assert code == 0 and "every schema is up to date" in out
    (tmp_path / "schemas" / "deck.schema.json").write_text("{}")
    code, out = pnp("schema", "--check", "-o", "schemas")
    assert code == 1 and "deck.schema.json: stale" in out
    (tmp_path / "schemas" / "tiles.schema.json").unlink()
    code, out = pnp("schema", "--check", "-o", "schemas")
    assert code == 1 and "tiles.schema.json: missing (pnp schema -o schemas writes it)" in out


def test_committed_schemas_are_up_to_date(tmp_path: Path) -> None:
    """The schemas/ folder editors point at matches what `pnp schema` writes today."""
    from pnpcompiler.content.json_schema import all_schemas
    from pnpcompiler.referee.records import record_models

    current = all_schemas(CONTENT, [TEMPLATES], record_models)
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
                             str(CONTENT), "--templates", str(TEMPLATES)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Traceback" not in result.stderr


def test_strict_leaves_a_recorded_contradiction_a_warning(project, pnp) -> None:  # type: ignore[no-untyped-def]
    """A contradiction game.yaml records with its chosen reading is shown by validate, and
    --strict does not make it an error (the content already decided it)."""
    game = project()
    manifest = game / "game.yaml"
    manifest.write_text(manifest.read_text() + '''contradictions:
  - id: dice-count
    about: the number of dice
    statements:
      - {section: SETUP, says: "one die"}
      - {section: PLAY, says: "two dice"}
    chosen: one die
    why: the setup text is the one the components list repeats
''')
    code, out = pnp("validate", "golden", "--strict")
    assert "warning rulebook.contradiction" in out, out
    assert code == 0, out


def test_build_options_are_checked(pnp: Callable[..., tuple[int, str]]) -> None:
    code, out = pnp("build", "--paper", "a5")
    assert code == 2 and "--paper must be one of a4, letter, a3" in out
    code, out = pnp("build", "--back-offset", "1")
    assert code == 2 and "--back-offset takes X,Y" in out
    code, out = pnp("build", "--duplex", "sideways")
    assert code == 2 and "--duplex must be long, short or fold" in out
    code, out = pnp("build", "--png", "5")
    assert code == 2 and "--png takes a resolution" in out


def test_progress_bar_draws_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    import re

    from pnpcompiler.app.progress import ProgressBar

    written: list[str] = []

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

        def write(self, text: str) -> int:
            written.append(text)
            return len(text)

    def shown() -> str:
        return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", "".join(written))

    monkeypatch.setenv("TERM", "xterm-256color")
    for name in ("TTY_INTERACTIVE", "TTY_COMPATIBLE", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "stderr", Terminal())
    with ProgressBar("rushing-tin", enabled=True) as bar:
        bar("faces", 83, 166)
    assert "rushing-tin:" in shown() and "faces 83/166" in shown()
    written.clear()
    with ProgressBar("rushing-tin", enabled=True) as bar:
        bar("pdf a4", 12, 0)
    assert "pdf a4 12 pages" in shown()
    after = "".join(written).rsplit("12 pages", 1)[1]
    assert "\x1b[2K" in after  # the bar's line is erased at the end
    written.clear()
    with ProgressBar("rushing-tin", enabled=False) as bar:  # --quiet
        bar("faces", 1, 2)
    monkeypatch.setenv("TERM", "dumb")
    with ProgressBar("rushing-tin", enabled=True) as bar:
        bar("faces", 1, 2)
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    monkeypatch.setenv("TERM", "xterm-256color")
    with ProgressBar("rushing-tin", enabled=True) as bar:
        bar("faces", 1, 2)
    assert written == []


def test_a_file_a_command_cannot_write_is_a_usage_error(tmp_path: Path) -> None:
    """An output path under a file (or in a folder that cannot hold it) is the user's to
    mend: exit 2 naming the path asked for, never an internal error (exit 3) or the name
    of a temporary file."""
    (tmp_path / "afile").write_text("not a folder\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "pnpcompiler", "export", "air-cargo",
                             "--content", str(CONTENT), "-o", "afile/air-cargo.json"],
                            capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stderr.strip().endswith(
        "pnp: error: afile/air-cargo.json: afile is a file, not a folder"), result.stderr
    assert "Traceback" not in result.stderr and ".tmp" not in result.stderr


def test_schema_and_referee_drawings_check_their_folder_before_any_work(
        tmp_path: Path, pnp: Callable[..., tuple[int, str]],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("afile").write_text("not a folder\n", encoding="utf-8")
    code, out = pnp("schema", "--content", str(CONTENT), "-o", "afile")
    assert code == 2 and "pnp: error: afile is a file, not a folder" in out, out
    record = str(EXAMPLES / "rushing-tin" / "shift-solo.yaml")
    for drawing in (["--board", "all", "-o", "afile"], ["--board", "3", "-o", "afile/b.svg"]):
        code, out = pnp("referee", record, "--content", str(CONTENT), *drawing)
        # Said before the report, which is not printed for a command that cannot finish.
        assert code == 2 and out.strip() == "pnp: error: afile is a file, not a folder", out


@pytest.mark.parametrize("command", ["build", "export", "referee", "simulate"])
def test_each_example_in_help_is_a_line_of_its_own(pnp, command: str) -> None:  # type: ignore[no-untyped-def]
    code, out = pnp(command, "--help")
    lines = [line.strip() for line in out.splitlines()]
    examples = [line.removeprefix("Example:").strip() for line in lines
                if line.startswith(("Example:", f"pnp {command} "))]
    assert code == 0 and len(examples) >= 2, out
    assert all(e.startswith(f"pnp {command} ") and e.count(f"pnp {command} ") == 1
               for e in examples), examples


def test_preview_help_example_is_not_wrapped(pnp) -> None:  # type: ignore[no-untyped-def]
    code, out = pnp("preview", "--help")
    lines = [line.strip() for line in out.splitlines()]
    assert code == 0 and "Example:  pnp preview rushing-tin --port 8000" in lines, out
    assert "then open http://127.0.0.1:8000/" in lines, out
