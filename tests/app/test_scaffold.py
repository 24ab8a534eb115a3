"""``pnp new``: a new game that validates and builds out of the box, and what it refuses."""

from __future__ import annotations


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


def test_new_into_a_file_is_a_usage_error(tmp_path, monkeypatch, pnp) -> None:  # type: ignore[no-untyped-def]
    """--content or --templates naming a file exits 2 and writes nothing (it was an internal
    NotADirectoryError, exit 3)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("not a folder\n", encoding="utf-8")
    code, out = pnp("new", "my-game", "--content", "afile")
    assert code == 2 and "pnp: error: afile is a file, not a folder" in out
    code, out = pnp("new", "my-game", "--templates", "afile")
    assert code == 2 and "pnp: error: afile is a file, not a folder" in out
    assert not (tmp_path / "content" / "my-game").exists()


def test_new_game_keeps_a_title_with_backslashes_and_quotes(tmp_path, monkeypatch, pnp) -> None:  # type: ignore[no-untyped-def]
    """A title is written as YAML that reads back as typed: a backslash made the new game
    fail to validate (an unknown escape), and double quotes became single ones."""
    import json

    monkeypatch.chdir(tmp_path)
    title = 'C:\\Games "Big" #1: Über & <b>'
    assert pnp("new", "my-game", "--title", title)[0] == 0
    code, out = pnp("validate", "my-game", "--strict")
    assert code == 0, out
    code, out = pnp("export", "my-game", "--format", "json")
    assert code == 0, out
    assert json.loads(out)["manifest"]["title"] == title
